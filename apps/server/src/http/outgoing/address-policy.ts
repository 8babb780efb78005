import ipaddr from 'ipaddr.js';

/**
 * Whether an address may be the target of a request a tenant chose. Only public unicast passes: ipaddr.js parses every
 * notation (IPv4-mapped `::ffff:7f00:1`, long forms `0:0:0:0:0:0:0:1`, `127.1`, `0x7f000001`, `2130706433`) and
 * `process` unwraps IPv4-mapped IPv6, so a loopback address cannot hide behind another spelling. Addresses that embed
 * an IPv4 address in IPv6 (NAT64 64:ff9b::/96, 6to4, Teredo) are refused outright: where they lead depends on
 * gateways of the network the server runs in.
 */
export function isPublicAddress(address: string): boolean {
  const literal = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return false;
  const parsed = ipaddr.process(literal);
  if (parsed.range() !== 'unicast') return false;
  // 64:ff9b:1::/48 (local-use NAT64, RFC 8215) is not one of ipaddr.js' named ranges.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.IPv6.parse('64:ff9b:1::'), 48)) return false;
  return true;
}

/** Whether a host name is an IP literal in any notation ipaddr.js knows (brackets allowed). */
export function isAddressLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}
