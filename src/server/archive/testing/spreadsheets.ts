// DJ rosters byte for byte as spreadsheet programs save them (issue 32). Each says which program,
// which menu and what it does to the bytes:
//
// - Google Sheets, File → Download → Comma-separated values: UTF-8 without a byte-order mark,
//   CRLF between rows and none after the last, a cell quoted only when it holds a comma, a quote
//   or a line break; formula errors written as #ERROR!
// - Excel for Windows (Microsoft 365), Save As → "CSV UTF-8 (Comma delimited)": a UTF-8 byte-order
//   mark, CRLF after every row; a Discord ID typed into a General cell is a number, saved as
//   Excel shows it: 2.84719E+17
// - Excel for Windows in a European locale (de-DE, fr-FR), Save As → "CSV (Comma delimited)":
//   ';' between cells (the list separator of locales that write 1,5), Windows-1252 bytes, CRLF;
//   a name typed as "-=Minus" taken for a formula and saved as #NAME?
// - A Google Form's response sheet, downloaded from Google Sheets as above: a Timestamp and an
//   Email Address column, the questions as headers, one row per submission (a DJ who sent the
//   form twice has two rows)

const crlf = (rows: readonly string[], last = '') => rows.join('\r\n') + last;
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

export const GOOGLE_SHEETS_CSV = utf8(
  crlf([
    'Dj Name,Alt Name,Discord ID,VRCDN/RTMP,Twitch Username',
    'Aurora,Aurora Lights,<@284719356793938601>,rtspt://stream.vrcdn.live/live/aurora,aurora_beats',
    'Basil Bass,Basil,284 719 356 793 938 602,,',
    '"Cleo, the Crate Digger",Cleo,<@!284719356793938603>,,cleocrates',
    '#ERROR!,Broken Formula,284719356793938604,,',
    'Dax,Dax,284719356793938605,not a link,@dax_live',
  ]),
);

export const EXCEL_CSV_UTF8 = utf8(
  `\uFEFF${crlf(
    [
      'Dj Name,Alt Name,Discord ID,VRCDN/RTMP,Twitch Username',
      'Aurora,Aurora Lights,2.84719E+17,rtmp://stream.vrcdn.live/live/aurora,aurora_beats',
      'Mélodie,Mélodie,2.84719E+17,,',
      'Zoë,Zoë,2.84719E+17,,',
    ],
    '\r\n',
  )}`,
);

/** Windows-1252: é is the byte E9, ë EB, Å C5, ö F6. */
export const EXCEL_EUROPEAN_CSV = new Uint8Array(
  Buffer.from(
    crlf(
      [
        'Dj Name;Alt Name;Discord ID;VRCDN/RTMP;Twitch Username',
        'Mélodie;Mélodie;284719356793938611;rtmp://stream.vrcdn.live/live/melodie;',
        'Zoë;Zoë Ångström;284719356793938612;;zoe_tunes',
        '#NAME?;Minus;284719356793938613;;',
        'Jörg;Jörg;284719356793938614;ftp://files.example/set.mp3;',
      ],
      '\r\n',
    ),
    'latin1',
  ),
);

export const GOOGLE_FORM_RESPONSES = utf8(
  crlf([
    'Timestamp,Email Address,DJ Name,Alt Name (how we announce you),Discord ID,VRCDN / RTMP link,Twitch username',
    '6/2/2024 18:04:51,fenn@example.org,Fenn,Fenn,284719356793938621,rtmp://stream.vrcdn.live/live/fenn,',
    '6/3/2024 21:17:09,gale@example.org,Gale,Gale,<@284719356793938622>,,gale_fm',
    '6/9/2024 19:03:11,fenn@example.org,Fenn,Fenn the Second,284719356793938621,rtmp://stream.vrcdn.live/live/fenn2,fenn_live',
  ]),
);

export const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
