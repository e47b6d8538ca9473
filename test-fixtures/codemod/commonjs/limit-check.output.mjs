// An ES module reading the journey ids the CommonJS settings export.
import cfg from './kyc-config.js';

export async function startLimitCheck(token) {
  const res = await fetch(`${cfg.base}/journey/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: cfg.journeys.limitCheck, context: { config: { delivery: 'api' }, subject: {} } }),
  });
  return (await res.json()).instanceId;
}
