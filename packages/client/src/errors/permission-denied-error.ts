import { brandErrorClass } from '@journey-bridge/contract';
import { JourneyApiError } from './journey-api-error.js';

/** 403: the API client lacks a journey permission. Never retried. */
export class PermissionDeniedError extends JourneyApiError {
  static {
    brandErrorClass(PermissionDeniedError, '@journey-bridge/client:PermissionDeniedError');
  }

  override name = 'PermissionDeniedError';
  declare readonly status: 403;
}
