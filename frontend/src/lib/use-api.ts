/** The API client of the current environment (loopback on the server, relative in the browser). */
import { createContext, useContext } from 'react';
import { createApiClient, type ApiClient } from '../api/client.ts';

export const ApiContext = createContext<ApiClient>(createApiClient(''));

export function useApi(): ApiClient {
  return useContext(ApiContext);
}
