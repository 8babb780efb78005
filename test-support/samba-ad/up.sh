#!/usr/bin/env bash
# test-support/samba-ad/up.sh DIR — provision a fresh Samba 4 AD DC under DIR for Burgwall's tests, start it bound
# to one loopback address, wait until LDAP and an authenticated SMB session on SYSVOL answer, print its settings.
# Documented in test-support/samba-ad/README.md; stop it with down.sh DIR.
#
#   usage (as root): test-support/samba-ad/up.sh /tmp/lab-dc > /tmp/lab-dc.env
#
# Installs nothing: when a tool is missing it exits 3 and names the missing commands and the Debian packages
# (.ci/run installs them). All DC state lives in DIR. DIR must be empty, absent or a DIR this script created before
# (marker file .samba-lab); such a DIR is wiped and re-provisioned. A DC already running from DIR is stopped first.
#
# Environment:
#   LAB_IP               loopback address to bind (127.0.0.1); any 127.x.y.z works, so several DCs can run at once
#   LAB_REALM            LAB.EXAMPLE          LAB_DOMAIN    LAB (NetBIOS)     LAB_HOSTNAME  dc1
#   LAB_ADMINPASS        Administrator's password (Passw0rd!Lab)
#   LAB_TIMEOUT          seconds to wait for LDAP and SMB (60)
#   LAB_PREFORK_CHILDREN samba's "prefork children" (samba's default 4; the tests use 1: less memory)
#   LAB_STRICT=1         keep "ldap server require strong auth = yes": simple binds only over LDAPS/StartTLS
#   LAB_REUSE=1          keep an already provisioned DIR and only start it (for the bench's --reuse)
#   LAB_NO_NAMESPACE=1   start samba without its private mount namespace (then only one DC per host serves SMB)
#
# Output: KEY=VALUE lines on stdout, also written to DIR/lab.env; progress and timings on stderr.
set -euo pipefail

DIR=${1:?usage: up.sh DIR}
REALM=${LAB_REALM:-LAB.EXAMPLE}
DOMAIN=${LAB_DOMAIN:-LAB}
HOSTNAME_DC=${LAB_HOSTNAME:-dc1}
ADMINPASS=${LAB_ADMINPASS:-'Passw0rd!Lab'}
IP=${LAB_IP:-127.0.0.1}
TIMEOUT=${LAB_TIMEOUT:-60}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# Keep in sync with SAMBA_AD_PACKAGES in samba-lab.ts and the list in .ci/run.
PACKAGES="samba samba-ad-dc samba-ad-provision winbind smbclient ldap-utils openssl iproute2 util-linux procps"

log() { printf '[up.sh %s] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $1"; exit "${2:-1}"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.2f", b-a}'; }

# ---------------------------------------------------------------- requirements
[ "$(id -u)" = 0 ] || die "must run as root (samba refuses to run an AD DC otherwise; it binds ports < 1024)" 3
case "$IP" in 127.*) ;; *) die "LAB_IP must be a loopback address (127.x.y.z), got $IP";; esac
missing=""
for cmd in samba samba-tool winbindd smbclient ldapsearch openssl ss unshare mount ps awk; do
  command -v "$cmd" >/dev/null 2>&1 || missing="$missing $cmd"
done
[ -d /usr/share/samba/setup ] || missing="$missing /usr/share/samba/setup(samba-ad-provision)"
[ -z "$missing" ] || die "missing:$missing. Install: apt-get install --no-install-recommends $PACKAGES" 3

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
REALM_LC=$(tr '[:upper:]' '[:lower:]' <<<"$REALM")
BASE_DN=$(awk -F. '{for(i=1;i<=NF;i++) printf "%sDC=%s", (i>1?",":""), $i}' <<<"$REALM_LC")
T_ALL=$(now)

# ---------------------------------------------------------------- stop a DC still running from DIR
if [ -f "$DIR/run/samba.pid" ]; then
  "$HERE/down.sh" "$DIR" >&2 || true
fi

# ---------------------------------------------------------------- provision
if [ "${LAB_REUSE:-0}" = 1 ] && [ -f "$DIR/etc/smb.conf" ] && [ -f "$DIR/private/sam.ldb" ]; then
  log "LAB_REUSE=1: starting the DC already provisioned in $DIR"
else
  if [ -n "$(ls -A "$DIR")" ] && [ ! -f "$DIR/.samba-lab" ]; then
    die "$DIR is not empty and was not created by up.sh (no .samba-lab marker); refusing to wipe it"
  fi
  find "$DIR" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
  touch "$DIR/.samba-lab"
  mkdir -p "$DIR/etc" "$DIR/log" "$DIR/run" "$DIR/private/tls"
  # An empty config file: otherwise provision inherits /etc/samba/smb.conf (shares, log paths, DNS forwarder).
  : > "$DIR/etc/smb.conf"

  log "provisioning $REALM ($DOMAIN) in $DIR"
  T=$(now)
  # "server services" drops NetBIOS/WINS (nbt, wrepl), the DNS server and its updates (dns, dnsupdate: nothing on
  # :53, no traffic to the host's resolver) and ntp_signd. It keeps ldap, cldap, kdc, rpc, s3fs (smbd for SYSVOL),
  # winbindd, drepl and kcc.
  samba-tool domain provision \
    --configfile="$DIR/etc/smb.conf" \
    --targetdir="$DIR" \
    --realm="$REALM" --domain="$DOMAIN" --host-name="$HOSTNAME_DC" \
    --server-role=dc --dns-backend=SAMBA_INTERNAL --use-rfc2307 \
    --adminpass="$ADMINPASS" --host-ip="$IP" \
    --option="interfaces = $IP/8" \
    --option="bind interfaces only = yes" \
    --option="server services = -nbt -wrepl -dns -dnsupdate -ntp_signd" \
    --option="dns forwarder = $IP" \
    --option="pid directory = $DIR/run" \
    --option="ncalrpc dir = $DIR/run/ncalrpc" \
    --option="ntp signd socket directory = $DIR/run/ntp_signd" \
    --option="log file = $DIR/log/samba.log" \
    > "$DIR/log/provision.log" 2>&1 || { tail -30 "$DIR/log/provision.log" >&2; die "provision failed"; }
  # Provision silently drops this option when given with --option, so it is added afterwards: simple binds over
  # plain LDAP (389) are allowed — a test fixture only; LAB_STRICT=1 keeps the hardened default.
  if [ "${LAB_STRICT:-0}" != 1 ]; then
    sed -i '/^\[global\]/a\	ldap server require strong auth = no' "$DIR/etc/smb.conf"
  fi
  if [ -n "${LAB_PREFORK_CHILDREN:-}" ]; then
    sed -i "/^\[global\]/a\\	prefork children = ${LAB_PREFORK_CHILDREN}" "$DIR/etc/smb.conf"
  fi
  log "provision took $(elapsed "$T") s"

  # A 2048-bit self-signed certificate for LDAPS: otherwise samba generates a 4096-bit key at first start (~2 s).
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 \
    -subj "/CN=${HOSTNAME_DC}.${REALM_LC}" \
    -addext "subjectAltName=DNS:${HOSTNAME_DC}.${REALM_LC},IP:${IP}" \
    -keyout "$DIR/private/tls/key.pem" -out "$DIR/private/tls/cert.pem" 2>/dev/null
  chmod 600 "$DIR/private/tls/key.pem"
  cp "$DIR/private/tls/cert.pem" "$DIR/private/tls/ca.pem"
fi

# ---------------------------------------------------------------- ports (LDAP has no port setting: one IP per DC)
busy=""
for port in 88 135 139 389 445 464 636 3268 3269; do
  if ss -Hltn "sport = :$port" 2>/dev/null | awk '{print $4}' | grep -Eq "^(${IP//./\\.}|0\.0\.0\.0|\*|\[::\]):$port$"; then
    busy="$busy $port"
  fi
done
[ -z "$busy" ] || die "TCP port(s)$busy already in use on $IP (another DC or a system smbd?). Use another LAB_IP=127.0.0.N or stop it."

# ---------------------------------------------------------------- start
log "starting samba"
T=$(now)
trap 'log "start failed: stopping it"; "$HERE/down.sh" "$DIR" >&2 || true' EXIT
if grep -q 'ldap server require strong auth = no' "$DIR/etc/smb.conf"; then
  PROBE_URL="ldap://$IP"
else
  PROBE_URL="ldaps://$IP"   # strict: a plain simple bind is refused (strongerAuthRequired)
fi
# smbd reaches winbindd through the compiled-in socket directory /run/samba/winbindd (libwbclient ignores
# "winbindd socket directory"; moving it breaks every SMB session setup). So samba starts in a private mount
# namespace with DIR/run/winbindd bind-mounted over /run/samba/winbindd: DCs on other loopback IPs do not share it.
mkdir -p "$DIR/run/winbindd" /run/samba/winbindd
if [ "${LAB_NO_NAMESPACE:-0}" != 1 ] && unshare -m --propagation private true 2>/dev/null; then
  unshare -m --propagation private sh -c \
    'mount --bind "$1/run/winbindd" /run/samba/winbindd && exec samba -D -s "$1/etc/smb.conf"' \
    sh "$DIR"
else
  log "no private mount namespace: plain start (only one DC per host can serve SMB)"
  samba -D -s "$DIR/etc/smb.conf"
fi
ok=0
deadline=$(( $(date +%s) + TIMEOUT ))
while [ "$(date +%s)" -lt "$deadline" ]; do
  if LDAPTLS_REQCERT=never ldapsearch -x -H "$PROBE_URL" -D "Administrator@$REALM" -w "$ADMINPASS" \
       -s base -b "$BASE_DN" dn >/dev/null 2>&1 \
     && (exec 3<>"/dev/tcp/$IP/445") 2>/dev/null; then ok=1; break; fi
  sleep 0.1
done
[ "$ok" = 1 ] || { tail -30 "$DIR/log/samba.log" >&2; die "LDAP/SMB did not answer within ${TIMEOUT}s"; }
ok=0
while [ "$(date +%s)" -lt "$deadline" ]; do   # an authenticated SMB session on sysvol
  if smbclient "//$IP/sysvol" -U "$DOMAIN\\Administrator%$ADMINPASS" -c 'ls' >/dev/null 2>&1; then ok=1; break; fi
  sleep 0.2
done
[ "$ok" = 1 ] || { tail -30 "$DIR/log/samba.log" >&2; die "SMB session on //$IP/sysvol failed within ${TIMEOUT}s"; }
trap - EXIT
log "samba answers LDAP and SMB after $(elapsed "$T") s (up.sh total $(elapsed "$T_ALL") s)"

PID=$(cat "$DIR/run/samba.pid")
SID=$(awk '/DOMAIN SID:/{print $NF}' "$DIR/log/provision.log" | tail -1)
cat > "$DIR/lab.env" <<EOF
LAB_DIR=$DIR
LAB_HOST=$IP
LAB_LDAP_PORT=389
LAB_LDAPS_PORT=636
LAB_GC_PORT=3268
LAB_SMB_PORT=445
LAB_KDC_PORT=88
LAB_LDAP_URL=ldap://$IP:389
LAB_REALM=$REALM
LAB_DNS_DOMAIN=$REALM_LC
LAB_NETBIOS_DOMAIN=$DOMAIN
LAB_DC_FQDN=${HOSTNAME_DC}.${REALM_LC}
LAB_BASE_DN=$BASE_DN
LAB_DOMAIN_SID=$SID
LAB_BIND_DN='CN=Administrator,CN=Users,$BASE_DN'
LAB_BIND_UPN='Administrator@$REALM'
LAB_BIND_PASSWORD='$ADMINPASS'
LAB_SYSVOL_PATH=$DIR/state/sysvol
LAB_SYSVOL_POLICIES=$DIR/state/sysvol/$REALM_LC/Policies
LAB_SYSVOL_UNC='//$IP/sysvol/$REALM_LC/Policies'
LAB_SMB_CONF=$DIR/etc/smb.conf
LAB_SAM_LDB=$DIR/private/sam.ldb
LAB_PID=$PID
EOF
cat "$DIR/lab.env"
