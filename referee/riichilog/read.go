package riichilog

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/mjref/mjref/internal/safeio"
)

// Caps on a log. They are documented in the README ("Limits and untrusted input") and in `mjref
// help limits`; change them there too. A Tenhou hanchan is some 15–30 KB of XML with under 2,000
// elements; an mjai hanchan some 70–150 KB in 1,500 lines.
const (
	// MaxSize caps a log, and what a gzip log inflates to: 1 MiB (safeio.LogLimit, the cap on
	// every referee log).
	MaxSize = safeio.LogLimit
	// MaxAttr caps one mjlog attribute value: 8 KiB (the longest in Tenhou's logs, SHUFFLE's seed,
	// is 3,360 bytes).
	MaxAttr = 8 << 10
	// MaxElements caps the elements of one mjlog: 20,000 (the longest hanchan here has 1,750).
	MaxElements = 20000
	// MaxLines caps the events of one mjai log, and MaxLine one line: 20,000 lines of at most 64 KiB.
	MaxLines = 20000
	MaxLine  = 64 << 10
	// MaxRounds caps the hands of one game: 200 (a hanchan with many renchan has some 20).
	MaxRounds = 200
	// MaxRoundItems caps the draws, discards and results of one hand in tenhou.net/6 (a hand has
	// at most some 140 tiles drawn and discarded per seat stream).
	MaxRoundItems = 400
)

var gzipMagic = []byte{0x1f, 0x8b}

// Read reads one game log of any of the formats, detected from the content: gzip is inflated
// first (to at most MaxSize); then a log that begins with '<' is mjlog, a JSON object with a "log"
// key is tenhou.net/6, and JSON objects a line with "type" keys are mjai. Every error is an *Error.
func Read(data []byte) (*Game, error) {
	if int64(len(data)) > MaxSize {
		return nil, errorf("", Pos{}, "the log is larger than the limit of %s", safeio.FormatSize(MaxSize))
	}
	if bytes.HasPrefix(data, gzipMagic) {
		inflated, err := gunzip(data)
		if err != nil {
			return nil, err
		}
		data = inflated
	}
	f, err := Detect(data)
	if err != nil {
		return nil, err
	}
	switch f {
	case Mjlog:
		return readMjlog(data)
	case Tenhou6:
		return readTenhou6(data)
	default:
		return readMjai(data)
	}
}

// Detect says which format data (already inflated) is in, from its first bytes.
func Detect(data []byte) (Format, error) {
	rest := skipSpace(data)
	if bytes.HasPrefix(rest, gzipMagic) {
		return "", errorf("", Pos{}, "a gzip log inside a gzip log is not read")
	}
	if !utf8.Valid(rest) {
		return "", &Error{Pos: Pos{Offset: int64(invalidUTF8(rest))}, Msg: "the log is not UTF-8 text: " + ErrUnknownFormat.Error()}
	}
	switch {
	case len(rest) == 0:
		return "", errorf("", Pos{}, "the log is empty")
	case rest[0] == '<':
		return Mjlog, nil
	case rest[0] == '{':
		// A tenhou.net/6 document is one object whose keys include "log"; an mjai log is one
		// object a line, each with "type". The first line tells them apart: mjai's first line is
		// a whole object with a "type" key.
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i]
		}
		if isMjaiLine(line) {
			return Mjai, nil
		}
		return Tenhou6, nil
	}
	return "", errorf("", Pos{}, "%v (it begins with %s)", ErrUnknownFormat, strconv.QuoteToASCII(string(prefix(rest, 12))))
}

func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, errorf("", Pos{}, "gzip: %v", err)
	}
	zr.Multistream(false)
	out, err := io.ReadAll(io.LimitReader(zr, MaxSize+1))
	if err != nil {
		return nil, errorf("", Pos{Offset: int64(len(out))}, "gzip: %v", trimGzipErr(err))
	}
	if int64(len(out)) > MaxSize {
		return nil, errorf("", Pos{}, "the gzip log inflates to more than the limit of %s", safeio.FormatSize(MaxSize))
	}
	return out, nil
}

func trimGzipErr(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the compressed log is truncated")
	}
	return err
}

func skipSpace(b []byte) []byte {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	return bytes.TrimLeft(b, " \t\r\n")
}

func prefix(b []byte, n int) []byte {
	if len(b) > n {
		b = b[:n]
	}
	return b
}

func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// Sniff reports whether data is a riichi game log Read understands, and which, without reading it
// all: gzip or '<' (mjlog), a first line that is a JSON object with a "type" key (mjai), or a JSON
// object with a "log" key holding a list (tenhou.net/6). It is strict, so that other logs a caller
// reads (YAML, or JSON Lines whose first line is a header object) are never taken for one.
func Sniff(data []byte) (Format, bool) {
	if bytes.HasPrefix(data, gzipMagic) {
		return Mjlog, true
	}
	rest := skipSpace(data)
	if len(rest) == 0 {
		return "", false
	}
	switch rest[0] {
	case '<':
		return Mjlog, true
	case '{':
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i]
		}
		if isMjaiLine(line) {
			return Mjai, true
		}
		var probe struct {
			Log []json.RawMessage `json:"log"`
		}
		if json.Unmarshal(rest, &probe) == nil && probe.Log != nil {
			return Tenhou6, true
		}
	}
	return "", false
}

// LimitsHelp is the paragraph of `mjref help limits` on the caps above.
func LimitsHelp() string {
	return fmt.Sprintf(`  Riichi game logs (Tenhou's mjlog XML, plain or gzip; tenhou.net/6 JSON; mjai
  JSON Lines) are referee logs with caps of their own:

    what a gzip log inflates to                         %s
    one XML attribute                                   %s
    XML elements in one log (mjlog)                     %d
    lines in one log (mjai), each at most               %d, %s
    hands in one game                                   %d

  An XML DOCTYPE is refused and no entity but XML's own five is expanded.
`, safeio.FormatSize(MaxSize), safeio.FormatSize(MaxAttr), MaxElements, MaxLines, safeio.FormatSize(MaxLine), MaxRounds)
}
