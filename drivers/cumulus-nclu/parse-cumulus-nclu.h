/* SPDX-License-Identifier: MIT */
/*
 * Parsers for Cumulus Linux 3.x and 4.x switches read through NCLU ("net show ... json"), one
 * per command of the cumulus-nclu platform table (drivers/cumulus-nclu/platform-cumulus-nclu.c).
 * NCLU's JSON is not NVUE's: these parsers share nothing with drivers/cumulus/.
 *
 *   system      hostname, os, model, vendor, serial
 *   interface   ports: type, admin/oper state, MTU, speed, MAC, description
 *   lldp        LLDP neighbour of each port (lldpd's "json0" form)
 *   config      "net show configuration commands" (text, parse only): host name and the
 *               configured MTU, speed, autoneg, FEC, description and shutdown of ports
 *
 * Contract (drivers/platform.h): pure functions, nothing guessed.  Output that is not JSON (an
 * NCLU "ERROR: ..." line, a cut document) or is empty returns -FA_EPARSE naming the command
 * and the first line; JSON of an unexpected shape is a warning on the device.
 */
#ifndef FA_DRIVERS_PARSE_CUMULUS_NCLU_H
#define FA_DRIVERS_PARSE_CUMULUS_NCLU_H

#include "drivers/platform.h"

/* net show system json */
fa_parse_fn fa_parse_cumulus_nclu_system;
/* net show interface all json */
fa_parse_fn fa_parse_cumulus_nclu_interface;
/* net show lldp json */
fa_parse_fn fa_parse_cumulus_nclu_lldp;
/* net show configuration commands */
fa_parse_fn fa_parse_cumulus_nclu_config;

#endif /* FA_DRIVERS_PARSE_CUMULUS_NCLU_H */
