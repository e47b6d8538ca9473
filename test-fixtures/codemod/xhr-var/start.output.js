export async function start(token) {
  // journey-codemod: unsupported [codemod.unfollowed-instance] its instance id is handed to window.localStorage.setItem, which the codemod does not see (line 9 of this file), and the v1 call at line 4 of resume.js takes an instance id the codemod cannot tie to a start, and stays v1: they may be one journey, which must not be half on v2 → v2: hand the id to the calls that use it through functions of the project, so the codemod can tie them to their start, or migrate them and the start together by hand
  const res = await fetch('https://eu.platform.go.gbgplc.com/captain/api/journey/start', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: JSON.stringify({ resourceId: 'a1d7c3f0data-check-v1@latest', context: { config: { async: true }, subject: {} } }),
  });
  const { instanceId } = await res.json();
  window.localStorage.setItem('journeyInstanceId', instanceId);
}
