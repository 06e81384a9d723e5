import { describe, expect, it } from '@jest/globals';
import { UPLOAD_MAX_REQUEST_BYTES } from '@domestique/proto';
import { bodyLimitFor } from '../rest-proxy.js';

describe('per-route body limits of the REST proxy', () => {
  const options = { bodyLimitBytes: 1024 * 1024, uploadLimitBytes: 60 * 1024 * 1024 };

  it('gives the upload path its own limit and every other path the JSON one', () => {
    expect(bodyLimitFor('/api/rides/upload', options)).toBe(60 * 1024 * 1024);
    expect(bodyLimitFor('/api/rides', options)).toBe(1024 * 1024);
    expect(bodyLimitFor('/api/rides/upload/extra', options)).toBe(1024 * 1024);
    expect(bodyLimitFor('/api/goals', options)).toBe(1024 * 1024);
  });

  it('defaults the upload limit to one archive plus its framing', () => {
    expect(bodyLimitFor('/api/rides/upload', { bodyLimitBytes: 2048 })).toBe(UPLOAD_MAX_REQUEST_BYTES);
  });
});
