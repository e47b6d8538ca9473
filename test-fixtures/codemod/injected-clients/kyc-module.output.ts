import { KycClient } from './kyc-client';

// A NestJS-style provider: the container calls the factory, and injects what it made wherever 'KYC' is asked for,
// typed there by an interface of the consumer's own.
export const kycProviders = [{ provide: 'KYC', useFactory: () => new KycClient(process.env.KYC_TOKEN ?? '') }];
