import { BerWriter, Control } from 'ldapts';

/**
 * LDAP_SERVER_SD_FLAGS_OID: ask only for owner, group and DACL of nTSecurityDescriptor.
 * Without it a non-admin bind gets no security descriptor at all (it would include the SACL).
 */
export class SdFlagsControl extends Control {
  static readonly OID = '1.2.840.113556.1.4.801';
  constructor(private readonly flags = 0x1 | 0x2 | 0x4) {
    super(SdFlagsControl.OID, { critical: false });
  }

  protected override writeControl(writer: BerWriter): void {
    const value = new BerWriter();
    value.startSequence();
    value.writeInt(this.flags);
    value.endSequence();
    writer.writeBuffer(value.buffer, 4);
  }
}
