"""Tables over the network: a versioned JSON protocol, the host, the client, LAN discovery."""
