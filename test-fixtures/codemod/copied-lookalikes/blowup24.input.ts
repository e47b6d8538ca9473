import axios from 'axios';
const f0 = (t: string): string => f1(t) + f1(t);
const f1 = (t: string): string => f2(t) + f2(t);
const f2 = (t: string): string => f3(t) + f3(t);
const f3 = (t: string): string => f4(t) + f4(t);
const f4 = (t: string): string => f5(t) + f5(t);
const f5 = (t: string): string => f6(t) + f6(t);
const f6 = (t: string): string => f7(t) + f7(t);
const f7 = (t: string): string => f8(t) + f8(t);
const f8 = (t: string): string => f9(t) + f9(t);
const f9 = (t: string): string => f10(t) + f10(t);
const f10 = (t: string): string => f11(t) + f11(t);
const f11 = (t: string): string => f12(t) + f12(t);
const f12 = (t: string): string => f13(t) + f13(t);
const f13 = (t: string): string => f14(t) + f14(t);
const f14 = (t: string): string => f15(t) + f15(t);
const f15 = (t: string): string => f16(t) + f16(t);
const f16 = (t: string): string => f17(t) + f17(t);
const f17 = (t: string): string => f18(t) + f18(t);
const f18 = (t: string): string => f19(t) + f19(t);
const f19 = (t: string): string => f20(t) + f20(t);
const f20 = (t: string): string => f21(t) + f21(t);
const f21 = (t: string): string => f22(t) + f22(t);
const f22 = (t: string): string => f23(t) + f23(t);
const f23 = (t: string): string => f24(t) + f24(t);
const f24 = (t: string): string => t;
export async function complete(instanceId: string, taskId: string, subject: object, token: string): Promise<void> {
  await axios.post('https://eu.platform.go.gbgplc.com/captain/api/journey/task/update', { intent: 'Complete', instanceId, taskId, context: { subject } }, { headers: { authorization: f0(token) } });
}
