package scoring

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzAppendJSONString: AppendJSONString writes what encoding/json writes (HTML escaping off) for
// any string, whether it takes the plain path (written as it is) or escapes.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "門前清", "\"\\\n\r\t\x00\x1f", "\u2028\u2029", "a\u2028", "\xe2\x80", "\xe2\x80\xa8",
		"\xe2\x80\xaa", "bad \xff utf8", "<&>", "\x7f", "ok\xc3", "é",
		"Concealed hand", "門前清 and more", "twelve bytes\x1f", "seven b\"eight", "long and \xe2\x80\xa9 x", "long and \xe2\x82\xac euro",
		"abcdefgh\\", "abcdefg\\h", "門前清門前清\xff", "\x00abcdefghijklmnop"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		if got := AppendJSONString([]byte("x"), s); !bytes.Equal(got[1:], want) || got[0] != 'x' {
			t.Fatalf("AppendJSONString(%q) = %s, want %s", s, got[1:], want)
		}
	})
}

// Warnings are written as encoding/json writes them (HTML escaping off): every field given or left out, escapes, and
// a nil and an empty list.
func TestAppendJSONWarnings(t *testing.T) {
	for _, ws := range [][]Warning{
		nil,
		{},
		{{Message: "card.yaml:12: line R1 left out: alternative 1 has 13 tiles, expected 14", File: "card.yaml", Line: 12, CardLine: "R1", LeftOut: true}},
		{{Message: "a \"quoted\"\tname\n\u2028"}, {Message: "", Line: -3}, {Message: "牌", File: `C:\cards\x.yaml`, CardLine: "<&>"}},
	} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // as the batch writes its lines
		if err := enc.Encode(ws); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		if got := AppendJSONWarnings(nil, ws); string(got) != string(want) {
			t.Errorf("AppendJSONWarnings(%+v)\n got %s\nwant %s", ws, got, want)
		}
	}
}
