const START_URL = 'https://eu.platform.go.gbgplc.com/eu/captain/api/journey/start';

interface Res {
  json(body: unknown): void;
}

export async function startRoute(req: { body: { subject: Record<string, unknown> } }, res: Res, token: string): Promise<void> {
  const started = await fetch(START_URL, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { subject: req.body.subject, config: { async: true } } }),
  });
  const { instanceId } = (await started.json()) as { instanceId: string };
  res.json({ instanceId });
}
