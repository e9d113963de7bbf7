import type { Clock } from '../clock.ts';
import { type FinancialMessage } from '../../schemas/iso20022/message-envelope.ts';
import {
  SERVICE_BICFI,
  statusReportMessage,
  type ReportedStatus,
  type StatusReason,
  type StatusReportSubject,
} from '../iso20022/status-report.ts';
import type { Member } from '../members/registry.ts';

/**
 * The service's own pacs.002 reports (semantics §11): the ACTC or RJCT that answers every message, the
 * ACSC or RJCT that tells an OFI how its payment ended. Part of the state because each report needs an
 * identification unique among the service's messages (GrpHdr/MsgId, AppHdr/BizMsgIdr); a reset starts
 * the count again.
 */
export class ServiceReports {
  private issued = 0;

  constructor(private readonly clock: Clock) {}

  /** A report from the service to `to` about `subject`, dated by the simulator's clock; unsigned. */
  report(to: Member, subject: StatusReportSubject, status: ReportedStatus, reason?: StatusReason): FinancialMessage {
    this.issued += 1;
    return statusReportMessage({
      messageIdentification: `DSSV-STS-${String(this.issued).padStart(9, '0')}`,
      creationDateTime: new Date(this.clock.now()).toISOString(),
      from: SERVICE_BICFI,
      to: to.bicfi,
      subject,
      status,
      ...(reason ? { reason } : {}),
    });
  }
}
