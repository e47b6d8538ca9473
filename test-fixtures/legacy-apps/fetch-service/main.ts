import { verifyCustomer } from './service.ts';

const outcome = await verifyCustomer({ identity: { firstName: 'Ada', lastNames: ['Lovelace'], dateOfBirth: '1990-12-10' } });
process.stdout.write(`${JSON.stringify(outcome)}\n`);
