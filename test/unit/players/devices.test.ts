import { describe, expect, it } from 'vitest';
import { MAX_DEVICES_PER_ACCOUNT, devicesToEvict } from '../../../domain/players/devices';

const at = (min: number) => new Date(Date.UTC(2026, 11, 1, 10, min)).toISOString();
const devices = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ deviceId: `dev_${String(i).padStart(2, '0')}`, registeredAt: at(n - i) }));

describe('which devices make room for one more', () => {
  it('none while the new one fits', () => {
    expect(devicesToEvict(devices(MAX_DEVICES_PER_ACCOUNT - 1), MAX_DEVICES_PER_ACCOUNT - 1)).toEqual([]);
  });

  it('at the limit, the least recently registered one', () => {
    const all = devices(MAX_DEVICES_PER_ACCOUNT);
    expect(devicesToEvict(all, all.length).map((d) => d.deviceId)).toEqual([`dev_${MAX_DEVICES_PER_ACCOUNT - 1}`]);
  });

  it('an account over the limit (devices from before it) goes down to it, oldest first; equal times by id', () => {
    const all = [...devices(25), { deviceId: 'dev_aa', registeredAt: at(1) }];
    const out = devicesToEvict(all, all.length).map((d) => d.deviceId);
    expect(out).toHaveLength(all.length + 1 - MAX_DEVICES_PER_ACCOUNT);
    expect(out.slice(0, 2)).toEqual(['dev_24', 'dev_aa']);
  });
});
