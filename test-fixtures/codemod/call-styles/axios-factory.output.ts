import axios, { type AxiosInstance } from 'axios';

/** Every journey call goes through an instance this makes; the base is the default of a parameter. */
export function createJourneyHttp(token: string, baseURL = `${process.env.JOURNEY_HOST}/eu/v2/captain/`): AxiosInstance {
  return axios.create({ baseURL, timeout: 15_000, headers: { Authorization: `Bearer ${token}` } });
}
