"""Lists of addresses and networks in settings (`10.0.0.0/8, 127.0.0.1, ::1`), parsed strictly."""

import ipaddress
from functools import lru_cache

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def parse_networks(text: str) -> tuple[Network, ...]:
    """The networks of a comma-separated list of IP addresses and CIDRs (an address is a network
    of one); ValueError naming the first item that is neither."""
    networks = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"{item!r} is not an IP address or network (e.g. 10.0.0.0/8)") from None
    return tuple(networks)


def address_in(address: str, networks: tuple[Network, ...]) -> bool:
    """Whether `address` (an IPv4-mapped IPv6 address as its IPv4 one) lies in one of `networks`;
    False for anything that is not an address."""
    try:
        ip = ipaddress.ip_address(address.strip().split("%")[0])
    except ValueError:
        return False
    if getattr(ip, "ipv4_mapped", None):
        ip = ip.ipv4_mapped
    return any(ip in network for network in networks)
