import { useEffect, useState } from 'react';

export function JourneyStatus({ token, instanceId }) {
  const [state, setState] = useState(null);
  useEffect(() => {
    fetch('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ instanceId }),
    })
      .then((res) => res.json())
      .then(setState);
  }, [token, instanceId]);
  if (!state) return <p>Loading…</p>;
  return <p className={(state.status === 'Failed' || state.status === 'Error') ? 'error' : 'ok'}>{state.status}</p>;
}
