package safeio

import (
	"bytes"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

// naiveLines is the reference reading of Lines: split at "\n", drop one "\r" before it, no empty
// last line, and a line over limit is an error for that line.
func naiveLines(in string, limit int) []line {
	if in == "" {
		return nil
	}
	parts := strings.Split(in, "\n")
	if parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	var out []line
	for i, p := range parts {
		p = strings.TrimSuffix(p, "\r")
		if len(p) > limit {
			out = append(out, line{N: i + 1, Err: (&LimitError{Name: "standard input", Line: i + 1, Limit: int64(limit)}).Error()})
			continue
		}
		out = append(out, line{N: i + 1, Text: p})
	}
	return out
}

// FuzzLines checks Lines against the naive reading, for any input, line limit and read size.
func FuzzLines(f *testing.F) {
	f.Add("123m456p789s11z [555p]\n# comment\n\n11m\r\n", uint8(16), false)
	f.Add(strings.Repeat("x", 300)+"\nshort\n", uint8(20), true)
	f.Add("\r\r\n\n\r", uint8(1), false)
	f.Add("no newline at the end", uint8(0), true)
	f.Fuzz(func(t *testing.T, in string, limit uint8, bytewise bool) {
		var r = bytes.NewReader([]byte(in))
		var got []line
		var err error
		if bytewise {
			got, err = readLines(iotest.OneByteReader(r), int(limit))
		} else {
			got, err = readLines(r, int(limit))
		}
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(naiveLines(in, int(limit)), got); diff != "" {
			t.Errorf("Lines(%q, %d) (-naive +got):\n%s", in, limit, diff)
		}
	})
}

// FuzzReadAll checks that ReadAll returns the input exactly when it fits and a LimitError when
// it does not.
func FuzzReadAll(f *testing.F) {
	f.Add([]byte("name: hk\n"), uint16(9), false)
	f.Add([]byte("name: hk\n"), uint16(8), true)
	f.Add([]byte{}, uint16(0), false)
	f.Fuzz(func(t *testing.T, in []byte, limit uint16, bytewise bool) {
		var r = bytes.NewReader(in)
		var got []byte
		var err error
		if bytewise {
			got, err = ReadAll(iotest.OneByteReader(r), "x", int64(limit))
		} else {
			got, err = ReadAll(r, "x", int64(limit))
		}
		if len(in) > int(limit) {
			if _, ok := err.(*LimitError); !ok {
				t.Fatalf("%d bytes with limit %d: err %v, want *LimitError", len(in), limit, err)
			}
			return
		}
		if err != nil || !bytes.Equal(got, in) {
			t.Fatalf("ReadAll = %q, %v; want %q", got, err, in)
		}
	})
}
