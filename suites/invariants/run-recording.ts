import { CallRecorder, type RecordingChannel } from '../runtime/recorder.ts';

/**
 * Where the calls of each run of the property are recorded. A default run makes thousands of calls,
 * too many for a report: the first run's go to the check's own recorder (they show which endpoints and
 * statuses the property exercised), every later run gets a recorder of its own, and only the failing
 * run's calls are attached as well.
 */
export class RunRecording {
  private readonly original: CallRecorder;
  private runs = 0;

  constructor(private readonly channel: RecordingChannel) {
    this.original = channel.current;
  }

  startRun(): CallRecorder {
    const recorder = this.runs++ === 0 ? this.original : new CallRecorder();
    this.channel.current = recorder;
    return recorder;
  }

  /** Back to the check's recorder, for what the check does after the property. */
  finish(): void {
    this.channel.current = this.original;
  }

  /** Whether the calls of `recorder` are attached to the check already. */
  isAttached(recorder: CallRecorder): boolean {
    return recorder === this.original;
  }
}
