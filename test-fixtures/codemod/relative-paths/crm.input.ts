import { request } from './gateway';

export interface Customer {
  id: string;
  status: 'Pending' | 'Verified' | 'Failed';
}

export const customer = (token: string, id: string) => request<Customer>('GET', `crm/api/customers/${id}`, token);

export async function markVerified(token: string, id: string, instanceId: string): Promise<void> {
  await request('PUT', `crm/api/customers/${id}`, token, { status: 'Verified', instanceId });
}
