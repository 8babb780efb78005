#!/bin/sh
# Burgwall Collector als systemd-Dienst installieren (oder mit --uninstall entfernen).
# Aufruf im entpackten Ordner:  sudo sh install.sh [--ldap-url ldaps://dc01.firma.local] [--account svc-burgwall@firma.local]
# Das LDAP-Passwort fragt der Einrichtungsassistent ab (oder es kommt aus der Umgebungsvariable BURGWALL_LDAP_PASSWORD).
# --root <ordner> installiert unter einem anderen Wurzelverzeichnis (für Tests: ohne Benutzer, ohne systemctl).
set -eu

ROOT=""
UNINSTALL=0
SETUP=1
LDAP_URL=""
ACCOUNT=""
SOURCE=$(cd "$(dirname "$0")" && pwd)
SERVICE=burgwall-collector
SERVICE_USER=burgwall

usage() {
  cat <<'TEXT'
Aufruf: sudo sh install.sh [Optionen]
  --ldap-url <url>    Domänencontroller, z. B. ldaps://dc01.firma.local (sonst fragt der Assistent)
  --account <konto>   LDAP-Konto, z. B. svc-burgwall@firma.local (sonst fragt der Assistent)
  --no-setup          Einrichtungsassistent nicht starten (Konfiguration ist schon vollständig)
  --uninstall         Dienst, Programm, Konfiguration und Zustand entfernen
  --root <ordner>     unter einem anderen Wurzelverzeichnis installieren (Test)
  -h, --help          diese Hilfe
TEXT
}

fail() {
  echo "FEHLER: $*" >&2
  exit 1
}

while [ $# -gt 0 ]; do
  case "$1" in
    --uninstall) UNINSTALL=1 ;;
    --no-setup) SETUP=0 ;;
    --root) [ $# -ge 2 ] || fail "--root braucht einen Ordner"; ROOT=$2; shift ;;
    --ldap-url) [ $# -ge 2 ] || fail "--ldap-url braucht eine URL"; LDAP_URL=$2; shift ;;
    --account) [ $# -ge 2 ] || fail "--account braucht ein Konto"; ACCOUNT=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "Unbekannte Option: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

BIN_DIR=$ROOT/opt/burgwall
BIN=$BIN_DIR/burgwall-collector
CONFIG_DIR=$ROOT/etc/burgwall
CONFIG=$CONFIG_DIR/collector.json
STATE_DIR=$ROOT/var/lib/burgwall
UNIT=$ROOT/etc/systemd/system/$SERVICE.service
# A test root has no users and no running systemd: files only.
LIVE=1
[ -n "$ROOT" ] && LIVE=0

if [ "$LIVE" = 1 ] && [ "$(id -u)" != 0 ]; then
  fail "Bitte als root ausführen: sudo sh install.sh"
fi

if [ "$UNINSTALL" = 1 ]; then
  if [ "$LIVE" = 1 ] && command -v systemctl >/dev/null 2>&1; then
    systemctl disable --now "$SERVICE" 2>/dev/null || true
  fi
  rm -f "$UNIT"
  [ "$LIVE" = 1 ] && command -v systemctl >/dev/null 2>&1 && systemctl daemon-reload || true
  rm -rf "$BIN_DIR" "$CONFIG_DIR" "$STATE_DIR"
  if [ "$LIVE" = 1 ] && id "$SERVICE_USER" >/dev/null 2>&1; then
    userdel "$SERVICE_USER" 2>/dev/null || true
  fi
  echo "Burgwall Collector entfernt (Dienst, Programm, Konfiguration und Zustand)."
  exit 0
fi

for file in burgwall-collector burgwall-collector.json LIESMICH.txt; do
  [ -f "$SOURCE/$file" ] || fail "$file fehlt neben install.sh – bitte das ZIP vollständig entpacken."
done

# The service runs as its own system user without login, never as root.
if [ "$LIVE" = 1 ] && ! id "$SERVICE_USER" >/dev/null 2>&1; then
  useradd --system --no-create-home --home-dir /var/lib/burgwall --shell /usr/sbin/nologin "$SERVICE_USER"
fi

if [ "$LIVE" = 1 ] && command -v systemctl >/dev/null 2>&1; then
  systemctl stop "$SERVICE" 2>/dev/null || true
fi
mkdir -p "$BIN_DIR" "$CONFIG_DIR" "$STATE_DIR" "$(dirname "$UNIT")"
install -m 0755 "$SOURCE/burgwall-collector" "$BIN"
install -m 0644 "$SOURCE/LIESMICH.txt" "$BIN_DIR/LIESMICH.txt"
# The config holds the collector key and the LDAP password: readable by the service user only.
umask 077
cp "$SOURCE/burgwall-collector.json" "$CONFIG"
chmod 0600 "$CONFIG"
chmod 0750 "$CONFIG_DIR"
chmod 0700 "$STATE_DIR"

cat > "$UNIT" <<UNITFILE
[Unit]
Description=Burgwall Collector (liest Active Directory und sendet die Daten an Burgwall)
Documentation=file:///opt/burgwall/LIESMICH.txt
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
User=$SERVICE_USER
Group=$SERVICE_USER
Environment=BURGWALL_STATE_DIR=/var/lib/burgwall
ExecStart=/opt/burgwall/burgwall-collector run --config /etc/burgwall/collector.json
Restart=on-failure
RestartSec=10
StateDirectory=burgwall
StateDirectoryMode=0700
NoNewPrivileges=yes
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes

[Install]
WantedBy=multi-user.target
UNITFILE
chmod 0644 "$UNIT"

if [ "$SETUP" = 1 ]; then
  # The wizard asks what is missing, tests every step, writes the config and activates the collector.
  set -- setup --config "$CONFIG"
  [ -n "$LDAP_URL" ] && set -- "$@" --ldap-url "$LDAP_URL"
  [ -n "$ACCOUNT" ] && set -- "$@" --account "$ACCOUNT"
  BURGWALL_STATE_DIR=$STATE_DIR "$BIN" "$@" || fail "Einrichtung nicht abgeschlossen. Nach der Korrektur erneut: sudo $BIN setup --config /etc/burgwall/collector.json, dann sudo systemctl enable --now $SERVICE"
fi

if [ "$LIVE" = 1 ]; then
  chown -R "$SERVICE_USER:$SERVICE_USER" "$CONFIG_DIR" "$STATE_DIR"
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
    systemctl daemon-reload
    systemctl enable --now "$SERVICE"
    echo "Burgwall Collector läuft als Dienst $SERVICE. Protokoll: journalctl -u $SERVICE -f"
  else
    echo "systemd läuft hier nicht: Dienst bitte von Hand starten (ExecStart in $UNIT)."
  fi
else
  echo "Testinstallation unter $ROOT abgeschlossen (ohne Benutzer und ohne systemctl)."
fi
