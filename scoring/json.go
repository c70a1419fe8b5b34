package scoring

import (
	"strconv"
	"unicode/utf8"

	"github.com/mjref/mjref/notation"
)

// This file writes JSON without reflection for the batch hot path. Each AppendJSON writes byte for byte
// what encoding/json writes for the same value (with HTML escaping off); tests check it on random hands.

const hexDigits = "0123456789abcdef"

// AppendJSONString appends s as a JSON string, escaped as encoding/json does with HTML escaping off.
func AppendJSONString(b []byte, s string) []byte {
	if jsonPlain(s) { // most strings: ids, names, tiles; Chinese names are valid UTF-8
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// jsonPlain says whether s is written in JSON as it is, between quotes: valid UTF-8 with no control
// character, quote, backslash, U+2028 or U+2029. It looks at eight bytes at a time; a word with a
// byte below 0x20, a quote, a backslash or 0xE2 (how U+2028 and U+2029 start) sends the string to
// jsonPlainBytes.
func jsonPlain(s string) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	var high uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		q, bs, e2 := x^(lo*'"'), x^(lo*'\\'), x^(lo*0xE2)
		// A byte below n shows as a high bit of (x - n*lo) &^ x, and only then (n <= 0x80).
		if ((x-lo*0x20)&^x|(q-lo)&^q|(bs-lo)&^bs|(e2-lo)&^e2)&hi != 0 {
			return jsonPlainBytes(s)
		}
		high |= x
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' || c == 0xE2 {
			return jsonPlainBytes(s)
		}
		high |= uint64(c)
	}
	return high&hi == 0 || utf8.ValidString(s)
}

// jsonPlainBytes is jsonPlain a byte at a time.
func jsonPlainBytes(s string) bool {
	high := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' {
			return false
		}
		if c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && s[i+2]&^1 == 0xA8 { // U+2028, U+2029
			return false
		}
		high |= c
	}
	return high < utf8.RuneSelf || utf8.ValidString(s)
}

// AppendJSONTiles appends tiles as a JSON array of notation strings.
func AppendJSONTiles(b []byte, ts []notation.Tile) []byte {
	b = append(b, '[')
	for i, t := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, t.String()...)
		b = append(b, '"')
	}
	return append(b, ']')
}

// AppendJSONBool appends true or false.
func AppendJSONBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

// AppendJSONItems appends items as a JSON array ("null" for a nil slice, as encoding/json does).
func AppendJSONItems(b []byte, items []Item) []byte {
	return AppendJSONArray(b, items, (*Item).AppendJSON)
}

// AppendJSONArray appends xs as a JSON array, each as appendOne writes it ("null" for a nil slice,
// as encoding/json does).
func AppendJSONArray[T any](b []byte, xs []T, appendOne func(*T, []byte) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendOne(&xs[i], b)
	}
	return append(b, ']')
}

// AppendJSON appends what encoding/json writes for w.
func (w *Warning) AppendJSON(b []byte) []byte {
	b = append(b, `{"message":`...)
	b = AppendJSONString(b, w.Message)
	if w.File != "" {
		b = append(b, `,"file":`...)
		b = AppendJSONString(b, w.File)
	}
	if w.Line != 0 {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(w.Line), 10)
	}
	if w.CardLine != "" {
		b = append(b, `,"card_line":`...)
		b = AppendJSONString(b, w.CardLine)
	}
	b = append(b, `,"left_out":`...)
	return append(AppendJSONBool(b, w.LeftOut), '}')
}

// AppendJSONWarnings appends warnings as a JSON array ("null" for a nil slice, as encoding/json
// does).
func AppendJSONWarnings(b []byte, ws []Warning) []byte {
	return AppendJSONArray(b, ws, (*Warning).AppendJSON)
}
