import { verifyPerson } from './service.js';

const outcome = await verifyPerson({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1985-12-10' });
console.log(JSON.stringify(outcome));
