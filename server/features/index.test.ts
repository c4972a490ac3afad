import { describe, expect, it } from 'vitest';
import { notificationKinds } from '#common/deliveries';
import { serverFeatures, serverNotificationTemplates } from './index';

// The feature list is what the server is made of (docs/design.md, "Features as modules").

describe('the features’ notifications', () => {
  it('have exactly one template for every kind the Deliveries tab names', () => {
    const owners = new Map<string, string[]>();
    for (const feature of serverFeatures()) {
      for (const kind of Object.keys(feature.notifications ?? {})) {
        owners.set(kind, [...(owners.get(kind) ?? []), feature.name]);
      }
    }
    for (const kind of notificationKinds) expect(owners.get(kind), kind).toHaveLength(1);
    expect([...owners.keys()].sort()).toEqual([...notificationKinds].sort());
    // What the notifier renders with is all of them.
    expect(Object.keys(serverNotificationTemplates()).sort()).toEqual(
      [...notificationKinds].sort(),
    );
  });
});
