// The stores, as the views import them.
export * from './account-store';
