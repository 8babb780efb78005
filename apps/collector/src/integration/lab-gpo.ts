import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { buildRegistryPol, type PolValue } from './registry-pol-writer';

/** Group policy objects on the lab DC for the Samba suites: created and linked with samba-tool, files put over SMB. */
export interface LabGpo {
  id: string;
  distinguishedName: string;
}

export async function createGpo(lab: L.Lab, name: string): Promise<LabGpo> {
  const created = await L.sambaTool(lab, ['gpo', 'create', name]);
  const id = created.match(/\{[0-9A-Fa-f-]{36}\}/)?.[0];
  if (!id) throw new Error(`no GPO id in: ${created}`);
  return { id, distinguishedName: `CN=${id},CN=Policies,CN=System,${lab.baseDn}` };
}

/** Links the GPO at a container (appended: highest link order there); enforced or disabled as asked. */
export async function linkGpo(lab: L.Lab, containerDn: string, gpo: LabGpo, options: { enforced?: boolean; disabled?: boolean } = {}): Promise<void> {
  await L.sambaTool(lab, ['gpo', 'setlink', containerDn, gpo.id, ...(options.enforced ? ['--enforce'] : []), ...(options.disabled ? ['--disable'] : [])]);
}

/**
 * Writes the computer side of a GPO: GptTmpl.inf (UTF-16 with BOM, as Windows writes it) from its sections,
 * Machine/Registry.pol from registry values and Machine/Preferences/<kind>/<kind>.xml (e.g. Groups) as given.
 */
export async function putGpoFiles(
  lab: L.Lab,
  gpo: LabGpo,
  files: { gptTmpl?: Record<string, string[]>; registryPol?: PolValue[]; preferences?: Record<string, string> },
): Promise<void> {
  const local = await mkdtemp(path.join(tmpdir(), 'burgwall-lab-gpo-'));
  try {
    const root = `${lab.dnsDomain}/Policies/${gpo.id}/Machine`;
    const commands = [`cd "${root}"`, `lcd "${local}"`];
    if (files.registryPol) {
      await writeFile(path.join(local, 'Registry.pol'), buildRegistryPol(files.registryPol));
      commands.push('put Registry.pol');
    }
    const preferences = Object.entries(files.preferences ?? {});
    if (preferences.length > 0) commands.push('mkdir Preferences');
    for (const [kind, xml] of preferences) {
      await writeFile(path.join(local, `${kind}.xml`), xml);
      commands.push(`mkdir "Preferences/${kind}"`, `put ${kind}.xml "Preferences/${kind}/${kind}.xml"`);
    }
    if (files.gptTmpl) {
      const sections = { Unicode: ['Unicode=yes'], ...files.gptTmpl, Version: ['signature="$CHICAGO$"', 'Revision=1'] };
      const text = Object.entries(sections).flatMap(([section, lines]) => [`[${section}]`, ...lines]).join('\r\n');
      await writeFile(path.join(local, 'GptTmpl.inf'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${text}\r\n`, 'utf16le')]));
      commands.push('mkdir Microsoft', 'cd Microsoft', 'mkdir "Windows NT"', 'cd "Windows NT"', 'mkdir SecEdit', 'cd SecEdit', 'put GptTmpl.inf');
    }
    await L.smbclient(lab, commands.join('; '));
  } finally {
    await rm(local, { recursive: true, force: true });
  }
}
