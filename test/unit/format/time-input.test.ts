import { describe, expect, it } from 'vitest';
import { formatTimestamp, type TimeZoneChoice } from '../../../renderer/src/format/market-values.ts';
import { parseTimeInput, type TimeInputResult } from '../../../renderer/src/format/time-input.ts';
import { timeInputExamples, timeInputHelp } from '../../../renderer/src/format/time-input-help.ts';

// Every expected instant is a literal worked out apart from the parser, with GNU date:
// `date -u -d 2026-11-24T23:30:00Z +%s%3N`, or `TZ=Europe/Berlin date -d '2026-10-25 02:30 CEST' +%s%3N`.

/** 2026-11-24T23:30:05.250Z: 2026-11-25 05:00:05.250 in Kolkata (UTC+05:30 all year). */
const reference = 1_795_563_005_250;

function withTimeZone<T>(tz: string, run: () => T): T {
  const saved = process.env['TZ'];
  // Node re-reads TZ when it is assigned.
  process.env['TZ'] = tz;
  try {
    return run();
  } finally {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  }
}

function timeOf(text: string, zone: TimeZoneChoice, at: number | null = reference): number | string {
  const read: TimeInputResult = parseTimeInput(text, { zone, reference: at });
  return read.ok ? read.time : read.message;
}

function messageOf(text: string, zone: TimeZoneChoice, at: number | null = reference): string {
  const read = parseTimeInput(text, { zone, reference: at });
  if (read.ok) throw new Error(`"${text}" was read as ${read.time}`);
  return read.message;
}

describe('what the app shows reads back, in UTC', () => {
  it('reads formatTimestamp’s shapes to the minute, second and millisecond', () => {
    expect(timeOf('2026-11-24 23:30', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('2026-11-24 23:30:00', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('2026-11-24 23:30:00.123', 'utc')).toBe(1_795_563_000_123);
    // The range picker shows its bounds with a T.
    expect(timeOf('2026-11-24T23:30:05', 'utc')).toBe(1_795_563_005_000);
  });

  it('reads back whatever formatTimestamp prints, in either zone, at each precision', () => {
    const times = [100_000_000_000, 951_825_600_000, 1_795_563_005_250, 1_792_888_200_999];
    for (const tz of ['UTC', 'Asia/Kolkata', 'America/New_York']) {
      withTimeZone(tz, () => {
        for (const zone of ['utc', 'local'] as const) {
          for (const time of times) {
            expect(timeOf(formatTimestamp(time, zone, 'ms'), zone)).toBe(time);
            expect(timeOf(formatTimestamp(time, zone, 's'), zone)).toBe(Math.floor(time / 1000) * 1000);
            expect(timeOf(formatTimestamp(time, zone, 'min'), zone)).toBe(Math.floor(time / 60_000) * 60_000);
          }
        }
      });
    }
  });
});

describe('ISO-8601', () => {
  it('reads Z and offsets, whatever zone is shown', () => {
    for (const zone of ['utc', 'local'] as const) {
      expect(timeOf('2026-11-24T23:30:00Z', zone)).toBe(1_795_563_000_000);
      expect(timeOf('2026-11-24t23:30:00z', zone)).toBe(1_795_563_000_000);
      expect(timeOf('2026-11-24T23:30:00+02:00', zone)).toBe(1_795_555_800_000);
      expect(timeOf('2026-11-24T23:30:00+0200', zone)).toBe(1_795_555_800_000);
      expect(timeOf('2026-11-24T23:30+02', zone)).toBe(1_795_555_800_000);
      expect(timeOf('2026-11-24T23:30:00-05:30', zone)).toBe(1_795_582_800_000);
      expect(timeOf('2026-11-24 23:30:00 −05:30', zone)).toBe(1_795_582_800_000);
    }
  });

  it('reads fractional seconds to the millisecond, dropping finer digits', () => {
    expect(timeOf('2026-11-24T23:30:00.5Z', 'utc')).toBe(1_795_563_000_500);
    expect(timeOf('2026-11-24T23:30:00,25Z', 'utc')).toBe(1_795_563_000_250);
    expect(timeOf('2026-11-24T23:30:00.123999Z', 'utc')).toBe(1_795_563_000_123);
    expect(timeOf('2026-11-24T23:30:00.123456789Z', 'utc')).toBe(1_795_563_000_123);
  });

  it('reads a date alone as its midnight, and a time without a zone in the shown zone', () => {
    expect(timeOf('2026-11-24', 'utc')).toBe(1_795_478_400_000);
    expect(timeOf('2026-11-24T23:30:00', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('2026-3-5 7:05', 'utc')).toBe(1_772_694_300_000);
  });

  it('reads the zone words the app prints after a time', () => {
    expect(timeOf('2026-11-24 23:30:05 (UTC)', 'utc')).toBe(1_795_563_005_000);
    expect(timeOf('2026-11-24 23:30 UTC', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('2026-11-24 23:30 GMT', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('2026-11-25 05:00 UTC+05:30', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('2026-11-25 05:00 (UTC+5:30)', 'utc')).toBe(1_795_563_000_000);
  });
});

describe('a time of day falls on the field’s date', () => {
  it('in UTC', () => {
    expect(timeOf('23:30', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('23:30:05', 'utc')).toBe(1_795_563_005_000);
    expect(timeOf('23:30:05.250', 'utc')).toBe(1_795_563_005_250);
    expect(timeOf('7:15', 'utc')).toBe(1_795_504_500_000);
  });

  it('in local time, on the date the reference has there', () => {
    withTimeZone('Asia/Kolkata', () => {
      // The reference is 2026-11-25 05:00:05.250 in Kolkata.
      expect(timeOf('05:00', 'local')).toBe(1_795_563_000_000);
      expect(timeOf('23:30', 'local')).toBe(1_795_629_600_000);
    });
  });

  it('with a zone of its own, on the date the reference has in that zone', () => {
    withTimeZone('Asia/Kolkata', () => {
      // In UTC the reference is still 2026-11-24.
      expect(timeOf('23:30 UTC', 'local')).toBe(1_795_563_000_000);
      expect(timeOf('23:30Z', 'local')).toBe(1_795_563_000_000);
    });
    // At +02:00 the reference is 2026-11-25 01:30.
    expect(timeOf('23:30+02:00', 'utc')).toBe(1_795_642_200_000);
  });

  it('is refused, with the dated forms only, when the field has no date', () => {
    expect(messageOf('23:30', 'utc', null)).toBe(
      '"23:30" is a time of day, and this field has no date to put it on: add the date. Use a time such as 2026-11-24 23:30:05 (UTC), 2026-11-24T23:30:05.250Z or Unix ms 1795563005250.',
    );
    expect(timeOf('2026-11-24 23:30', 'utc', null)).toBe(1_795_563_000_000);
  });
});

describe('Unix time', () => {
  it('reads whole milliseconds of 12 to 14 digits and seconds of 10 digits', () => {
    expect(timeOf('1795563005250', 'utc')).toBe(1_795_563_005_250);
    expect(timeOf('100000000000', 'local')).toBe(100_000_000_000);
    expect(timeOf('10000000000000', 'utc')).toBe(10_000_000_000_000);
    expect(timeOf('1795563005', 'utc')).toBe(1_795_563_005_000);
    expect(timeOf('1795563005.25', 'utc')).toBe(1_795_563_005_250);
  });

  it('refuses other lengths and fractional milliseconds', () => {
    for (const text of ['12345', '123456789', '12345678901', '123456789012345', '1795563005250.5']) {
      expect(messageOf(text, 'utc')).toMatch(/^".*" is not a Unix time: milliseconds are a whole number of 12 to 14 digits, seconds have 10 digits\. Use a time such as/);
    }
  });
});

describe('spacing', () => {
  it('ignores surrounding whitespace and takes T or spaces between date and time', () => {
    expect(timeOf('  2026-11-24   23:30  ', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf('\t23:30\n', 'utc')).toBe(1_795_563_000_000);
    expect(timeOf(' 1795563005250 ', 'utc')).toBe(1_795_563_005_250);
  });
});

describe('refusals name what was wrong and the forms that work', () => {
  it('lists examples on the field’s date in its zone', () => {
    expect(messageOf('23:3x', 'utc')).toBe('Could not read "23:3x". Use a time such as 23:30, 23:30:05.250, 2026-11-24 23:30:05 (UTC), 2026-11-24T23:30:05.250Z or Unix ms 1795563005250.');
    withTimeZone('Asia/Kolkata', () => {
      expect(messageOf('noon', 'local')).toBe('Could not read "noon". Use a time such as 05:00, 05:00:05.250, 2026-11-25 05:00:05 (local time), 2026-11-24T23:30:05.250Z or Unix ms 1795563005250.');
    });
  });

  it('every example it gives reads back', () => {
    withTimeZone('Asia/Kolkata', () => {
      for (const zone of ['utc', 'local'] as const) {
        const examples = timeInputExamples(zone, reference).replace(' or Unix ms ', ', ').split(', ');
        expect(examples).toHaveLength(5);
        for (const example of examples) expect(timeOf(example, zone)).toEqual(expect.any(Number));
      }
    });
    expect(timeInputHelp('utc', null)).toBe('A time in UTC, such as 2026-11-24 23:30:05 (UTC), 2026-11-24T23:30:05.250Z or Unix ms 1795563005250');
  });

  it('refuses impossible dates instead of rolling them over', () => {
    expect(messageOf('2026-02-30', 'utc')).toMatch(/^"2026-02-30" is not a date: February 2026 has 28 days\. Use/);
    expect(messageOf('2026-04-31 10:00', 'utc')).toMatch(/^"2026-04-31" is not a date: April 2026 has 30 days\./);
    expect(messageOf('2100-02-29', 'utc')).toMatch(/February 2100 has 28 days/);
    expect(messageOf('2026-13-01', 'utc')).toMatch(/^"2026-13-01" is not a date: months run 01 to 12\./);
    expect(messageOf('2026-00-10', 'utc')).toMatch(/months run 01 to 12/);
    expect(messageOf('2026-11-00', 'utc')).toMatch(/November 2026 has 30 days/);
    expect(timeOf('2028-02-29', 'utc')).toBe(1_835_395_200_000);
    expect(timeOf('2000-02-29 12:00', 'utc')).toBe(951_825_600_000);
  });

  it('refuses impossible times of day', () => {
    expect(messageOf('24:00:01', 'utc')).toMatch(/^"24:00:01" is not a time of day: hours run 00 to 23\. Use/);
    expect(messageOf('2026-11-24 24:00', 'utc')).toMatch(/^"24:00" is not a time of day: hours run 00 to 23\./);
    expect(messageOf('12:60', 'utc')).toMatch(/^"12:60" is not a time of day: minutes run 00 to 59\./);
    expect(messageOf('12:30:60', 'utc')).toMatch(/^"12:30:60" is not a time of day: seconds run 00 to 59\./);
  });

  it('refuses what is not a time, a zone it does not know, an offset out of range and times before 1970', () => {
    expect(messageOf('', 'utc')).toMatch(/^No time was typed\. Use a time such as/);
    expect(messageOf('   ', 'utc')).toMatch(/^No time was typed\./);
    expect(messageOf('2026-11-24 23:30 EST', 'utc')).toMatch(/^Could not read the zone "EST": write Z, an offset such as \+02:00, UTC or local\. Use a time such as/);
    expect(messageOf('23:30 (Europe/Paris)', 'utc')).toMatch(/^Could not read the zone "\(Europe\/Paris\)"/);
    for (const text of ['2026-11-24 23:30 +2:00x', '2026-11-24 noon', '2026-11-2423:30', '23:30:5', '2026-11-24T', 'yesterday', '23h30']) {
      expect(messageOf(text, 'utc')).toMatch(/^Could not read ".*"\. Use a time such as/);
    }
    expect(messageOf('2026-11-24T23:30+25:00', 'utc')).toMatch(/^"\+25:00" is not an offset from UTC: hours run 00 to 23, minutes 00 to 59\./);
    expect(messageOf('1969-12-31 23:59', 'utc')).toMatch(/^"1969-12-31 23:59" is before 1970-01-01 00:00 UTC, where Unix time starts\./);
    expect(messageOf('1970-01-01T00:30+01:00', 'utc')).toMatch(/is before 1970/);
    expect(timeOf('1970-01-01', 'utc')).toBe(0);
  });

  it('shortens a long text it quotes', () => {
    expect(messageOf('x'.repeat(60), 'utc')).toMatch(/^Could not read "x{40}…"\./);
  });
});

describe('daylight-saving changes in local time', () => {
  it('reads a time shown twice as its earlier instant (Berlin, 2026-10-25)', () => {
    withTimeZone('Europe/Berlin', () => {
      expect(timeOf('2026-10-25 02:30', 'local')).toBe(1_792_888_200_000);
      // The later one is reached with its offset.
      expect(timeOf('2026-10-25T02:30+01:00', 'local')).toBe(1_792_891_800_000);
    });
  });

  it('refuses a time never shown, naming the change (Berlin, 2026-03-29)', () => {
    withTimeZone('Europe/Berlin', () => {
      expect(messageOf('2026-03-29 02:30', 'local')).toMatch(/^2026-03-29 02:30 does not exist in local time: the clocks went from 02:00 to 03:00 that day\. Use/);
      expect(messageOf('02:00', 'local', 1_774_746_000_000)).toMatch(/^2026-03-29 02:00 does not exist in local time/);
      expect(timeOf('2026-03-29 01:59:59', 'local')).toBe(1_774_745_999_000);
      expect(timeOf('03:00', 'local', 1_774_745_999_000)).toBe(1_774_746_000_000);
      // In UTC nothing is skipped.
      expect(timeOf('2026-03-29 02:30', 'utc')).toBe(1_774_751_400_000);
    });
  });

  it('does the same where clocks change by half an hour (Lord Howe Island) and in New York', () => {
    withTimeZone('Australia/Lord_Howe', () => {
      expect(timeOf('2026-04-05 01:45', 'local')).toBe(1_775_313_900_000);
      expect(messageOf('2026-10-04 02:15', 'local')).toMatch(/the clocks went from 02:00 to 02:30 that day/);
      expect(timeOf('2026-10-04 02:30', 'local')).toBe(1_791_041_400_000);
    });
    withTimeZone('America/New_York', () => {
      expect(timeOf('2026-11-01 01:30', 'local')).toBe(1_793_511_000_000);
      expect(messageOf('2026-03-08 02:30', 'local')).toMatch(/the clocks went from 02:00 to 03:00 that day/);
      expect(timeOf('2026-03-08 01:59:59', 'local')).toBe(1_772_953_199_000);
    });
  });

  it('starts a date whose midnight was skipped when the clocks changed (Santiago, 2026-09-06)', () => {
    withTimeZone('America/Santiago', () => {
      expect(timeOf('2026-09-06', 'local')).toBe(1_788_667_200_000);
      expect(messageOf('2026-09-06 00:30', 'local')).toMatch(/the clocks went from 00:00 to 01:00 that day/);
    });
  });
});
