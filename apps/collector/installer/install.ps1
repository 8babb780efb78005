<#
.SYNOPSIS
  Installiert den Burgwall Collector als Windows-Dienst (oder entfernt ihn mit -Uninstall).
.DESCRIPTION
  Kopiert den Collector nach %ProgramFiles%\Burgwall, startet den Einrichtungsassistenten (Domänencontroller,
  LDAPS/StartTLS, LDAP-Konto und Passwort; jeder Schritt wird geprüft), registriert den Dienst "BurgwallCollector",
  der nach einem Fehler neu startet, und schreibt die Protokolle nach %ProgramData%\Burgwall\logs.
.EXAMPLE
  .\install.ps1
.EXAMPLE
  .\install.ps1 -LdapUrl ldaps://dc01.firma.local -Account svc-burgwall@firma.local
.EXAMPLE
  .\install.ps1 -Uninstall
#>
[CmdletBinding()]
param(
  [string]$LdapUrl,
  [string]$Account,
  [SecureString]$Password,
  [switch]$NoSetup,
  [switch]$Uninstall
)
$ErrorActionPreference = 'Stop'

$identity = [Security.Principal.WindowsIdentity]::GetCurrent()
if (-not (New-Object Security.Principal.WindowsPrincipal($identity)).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
  Write-Host 'Bitte PowerShell als Administrator starten (Rechtsklick > "Als Administrator ausführen") und install.ps1 erneut aufrufen.' -ForegroundColor Red
  exit 1
}

$Source = $PSScriptRoot
$Target = Join-Path $env:ProgramFiles 'Burgwall'
$Data = Join-Path $env:ProgramData 'Burgwall'
$Logs = Join-Path $Data 'logs'
$State = Join-Path $Data 'state'
$Wrapper = Join-Path $Target 'burgwall-collector-service.exe'
$Config = Join-Path $Target 'burgwall-collector.json'
$ServiceName = 'BurgwallCollector'

function Stop-Collector {
  if (Get-Service -Name $ServiceName -ErrorAction SilentlyContinue) {
    & $Wrapper stop | Out-Null
    & $Wrapper uninstall | Out-Null
  }
}

if ($Uninstall) {
  Stop-Collector
  Remove-Item -Recurse -Force $Target -ErrorAction SilentlyContinue
  Write-Host "Burgwall Collector entfernt. Protokolle und Zustand liegen weiter in $Data (bei Bedarf von Hand löschen)."
  exit 0
}

foreach ($file in 'burgwall-collector.exe', 'burgwall-collector-service.exe', 'burgwall-collector.json', 'LIESMICH.txt') {
  if (-not (Test-Path (Join-Path $Source $file))) {
    Write-Host "$file fehlt neben install.ps1 - bitte das ZIP vollständig entpacken." -ForegroundColor Red
    exit 1
  }
}

Stop-Collector
New-Item -ItemType Directory -Force -Path $Target, $Logs, $State | Out-Null
foreach ($file in 'burgwall-collector.exe', 'burgwall-collector-service.exe', 'burgwall-collector.json', 'LIESMICH.txt') {
  Copy-Item -Force (Join-Path $Source $file) $Target
}
# Key and LDAP password: only SYSTEM (S-1-5-18) and the Administrators group (S-1-5-32-544) may read the config
# (SIDs, so German Windows with "Administratoren" works the same).
icacls $Config /inheritance:r /grant:r '*S-1-5-18:F' '*S-1-5-32-544:F' | Out-Null
icacls $State /inheritance:r /grant:r '*S-1-5-18:(OI)(CI)F' '*S-1-5-32-544:(OI)(CI)F' | Out-Null

# WinSW reads the service definition from the XML file next to it with the same name.
@"
<service>
  <id>$ServiceName</id>
  <name>Burgwall Collector</name>
  <description>Liest Active Directory und sendet die Daten an Burgwall.</description>
  <executable>%BASE%\burgwall-collector.exe</executable>
  <arguments>run --config "%BASE%\burgwall-collector.json"</arguments>
  <env name="BURGWALL_STATE_DIR" value="$State" />
  <startmode>Automatic</startmode>
  <onfailure action="restart" delay="10 sec" />
  <onfailure action="restart" delay="60 sec" />
  <resetfailure>1 hour</resetfailure>
  <logpath>$Logs</logpath>
  <log mode="roll-by-size">
    <sizeThreshold>10240</sizeThreshold>
    <keepFiles>8</keepFiles>
  </log>
</service>
"@ | Set-Content -Encoding UTF8 (Join-Path $Target 'burgwall-collector-service.xml')

if (-not $NoSetup) {
  $arguments = @('setup', '--config', $Config)
  if ($LdapUrl) { $arguments += @('--ldap-url', $LdapUrl) }
  if ($Account) { $arguments += @('--account', $Account) }
  if ($Password) {
    # Handed over in the environment of this one process, never on the command line.
    $env:BURGWALL_LDAP_PASSWORD = [Runtime.InteropServices.Marshal]::PtrToStringBSTR([Runtime.InteropServices.Marshal]::SecureStringToBSTR($Password))
  }
  $env:BURGWALL_STATE_DIR = $State
  & (Join-Path $Target 'burgwall-collector.exe') @arguments
  $code = $LASTEXITCODE
  Remove-Item Env:\BURGWALL_LDAP_PASSWORD -ErrorAction SilentlyContinue
  if ($code -ne 0) {
    Write-Host "Einrichtung nicht abgeschlossen. Nach der Korrektur install.ps1 erneut ausführen." -ForegroundColor Red
    exit $code
  }
}

& $Wrapper install | Out-Null
# Restart also when the wrapper itself ends unexpectedly (the Service Control Manager's own recovery).
sc.exe failure $ServiceName reset= 3600 actions= restart/10000/restart/60000/restart/60000 | Out-Null
& $Wrapper start | Out-Null
Write-Host "Burgwall Collector läuft als Dienst $ServiceName. Protokolle: $Logs" -ForegroundColor Green
