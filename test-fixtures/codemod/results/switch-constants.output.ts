import axios from 'axios';

const FAILED = 'Failed';
enum JourneyStatus {
  Completed = 'Completed',
  Failed = 'Failed',
}

export async function label(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  switch (data.status) {
    case JourneyStatus.Completed:
      return 'done';
    case 'Error':
    case FAILED:
      return 'failed';
    default:
      return 'waiting';
  }
}

export async function phase(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  switch (data.status) {
    case 'Error':
    case JourneyStatus.Failed:
      return 'error';
    case `Completed`:
      return 'done';
    default:
      return 'waiting';
  }
}

export async function oneLine(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  switch (data.status) { case 'Error': case FAILED: return 'error'; default: return 'other'; }
}

export async function twice(instanceId: string): Promise<string> {
  const { data } = await axios.post('https://eu.platform.go.gbgplc.com/v2/captain/journey/state/fetch', { instanceId });
  switch (data.status) {
    case 'Error':
    case FAILED:
      return 'error';
    case JourneyStatus.Failed:
      return 'unreachable';
    default:
      return 'other';
  }
}
