package scoring

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
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
		// AppendJSONName writes the same, the first time (checked) and the next (remembered),
		// and so do its prefixes, which start at the same place.
		for range 2 {
			for i := range len(s) + 1 {
				if got, want := AppendJSONName(nil, s[:i]), AppendJSONString(nil, s[:i]); !bytes.Equal(got, want) {
					t.Fatalf("AppendJSONName(%q) = %s, want %s", s[:i], got, want)
				}
			}
		}
	})
}

// A string is remembered as plain by its place and its length: a longer string at the same place,
// which needs escaping, is still escaped; a string that needs escaping is never remembered.
func TestAppendJSONNameSamePlace(t *testing.T) {
	s := "Pure one suit\\"
	for range 3 {
		if got := string(AppendJSONName(nil, s[:len(s)-1])); got != `"Pure one suit"` {
			t.Fatalf("prefix: %s", got)
		}
		if got := string(AppendJSONName(nil, s)); got != `"Pure one suit\\"` {
			t.Fatalf("whole: %s", got)
		}
	}
	var table nameTable
	for i := range 2 { // checked, then asked again
		if table.known(s) {
			t.Errorf("ask %d: a string that needs escaping was known", i+1)
		}
		if !table.known(s[:3]) {
			t.Errorf("ask %d: a plain string was not known", i+1)
		}
	}
	// Two lengths at the same place whose slot is the same: the longer, which holds a quote, is
	// not taken for the shorter remembered there.
	long := strings.Repeat("a", 3000) + `"` + strings.Repeat("b", 3000)
	found := false
	var tb nameTable
	for l1 := 1; l1 <= 3000 && !found; l1++ {
		for l2 := 3001; l2 <= len(long); l2++ {
			if tb.slot(key(long[:l1])) == tb.slot(key(long[:l2])) {
				if !tb.known(long[:l1]) || tb.known(long[:l2]) {
					t.Errorf("lengths %d and %d in one slot: the longer was known", l1, l2)
				}
				found = true
				break
			}
		}
	}
	if !found {
		t.Fatal("no two lengths share a slot")
	}
	filled := 0
	for i := range table.slots {
		if table.slots[i].Load() != 0 {
			filled++
		}
	}
	if filled != 1 {
		t.Errorf("%d slots filled, want 1 (the plain string)", filled)
	}
}

// Many goroutines writing the same names and others at once (run under -race) all write what
// AppendJSONString writes.
func TestAppendJSONNameConcurrent(t *testing.T) {
	names := []string{"self-draw", "Self-drawn", "自摸", "hk", "E", "a\"quote", "no-flowers", "無花", "x\ny"}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2000 {
				s := names[(g+i)%len(names)]
				if got, want := AppendJSONName(nil, s), AppendJSONString(nil, s); !bytes.Equal(got, want) {
					t.Errorf("AppendJSONName(%q) = %s, want %s", s, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
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
