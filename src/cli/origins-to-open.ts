import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { AddressInfo } from 'node:net';

type Interfaces = Readonly<Record<string, readonly NetworkInterfaceInfo[] | undefined>>;

/**
 * The origins a person can open for a server listening on `listening`: for every address (`0.0.0.0`,
 * `::`), `http://127.0.0.1:<port>` and then each external IPv4 address of this machine (a container's
 * own, a laptop's on the LAN); for one address, that one. Never `http://0.0.0.0:<port>`, which a
 * browser cannot open on every system.
 */
export function originsToOpen(listening: Pick<AddressInfo, 'address' | 'family' | 'port'>, interfaces: Interfaces = networkInterfaces()): [string, ...string[]] {
  const { address, family, port } = listening;
  if (address !== '0.0.0.0' && address !== '::') return [`http://${family === 'IPv6' ? `[${address}]` : address}:${port}`];
  const external = Object.values(interfaces)
    .flatMap(entries => entries ?? [])
    .filter(entry => entry.family === 'IPv4' && !entry.internal)
    .map(entry => entry.address);
  const others = [...new Set(external)].filter(host => host !== '127.0.0.1');
  return [`http://127.0.0.1:${port}`, ...others.map(host => `http://${host}:${port}`)];
}
