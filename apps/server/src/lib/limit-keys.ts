// What a limit counts as "one sender": a mailbox as the firm would read it, an address as one subscriber holds it.
import { isIPv4, isIPv6 } from 'node:net';

/**
 * A mailbox case-folded and without its `+tag`: `Ann+x@Example.com` and `ann@example.com` reach the same person,
 * so they share one count.
 */
export function mailboxKey(email: string): string {
  const folded = email.trim().toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const local = folded.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}${folded.slice(at)}`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded and an embedded IPv4 tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The sender behind a client address: an IPv4 address itself, an IPv6 address by its /64 (one subscriber's
 * network, where any address is theirs for the asking), an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
