// The offered services nobody active delivers (docs/product.md#consultants): the admin pages' warning.
import { describe, expect, it } from 'vitest';
import { consultantPageTexts, servicesNobodyDelivers } from '../../src/index.ts';

describe('servicesNobodyDelivers', () => {
  const services = [
    { id: 1, name: 'Web Development', active: true },
    { id: 2, name: 'Cloud Migration', active: true },
    { id: 3, name: 'Legacy Rescue', active: false },
  ];

  it('names offered services whose consultants are all retired or none, never a retired service', () => {
    const consultants = [
      { active: true, service_ids: [1] },
      { active: false, service_ids: [2, 3] },
    ];
    expect(servicesNobodyDelivers(services, consultants).map((service) => service.id)).toEqual([2]);
    expect(servicesNobodyDelivers(services, []).map((service) => service.id)).toEqual([1, 2]);
    expect(servicesNobodyDelivers(services, [{ active: true, service_ids: [1, 2] }])).toEqual([]);
  });

  it('words the warning with the service', () => {
    expect(consultantPageTexts.nobodyDelivers('Cloud Migration')).toBe(
      'No active consultant delivers Cloud Migration',
    );
  });
});
