package scoring

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mjref/mjref/notation"
)

// marshalItem is the item as encoding/json writes it with HTML escaping off, as the batch writes.
func marshalItem(t testing.TB, it Item) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(it); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// An item writes what encoding/json writes, the first time (its text made) and after (its text
// remembered), and so does an item that shares some of its strings with a remembered one but not
// all: the same id with another name or Chinese name, or the same strings from another source.
func TestItemAppendJSON(t *testing.T) {
	id := strings.Clone("seat-wind-test") // a place of its own, so no other test's item has its slot
	name, zh := strings.Clone("Seat wind"), strings.Clone("門風")
	base := Item{ID: id, Name: name, NameZH: zh, Value: 1, Source: Source{Ruleset: "hk", Line: 96}}
	items := []Item{
		base,
		{ID: id, Name: name, NameZH: zh, Value: 3, Limit: true, Tiles: []notation.Tile{notation.East, notation.East, notation.East},
			Note: "a \"note\"\n<&>", Source: Source{Ruleset: "hk", Line: 96}},
		{ID: id, Name: strings.Clone("Seat wind"), NameZH: zh, Value: 1, Source: Source{Ruleset: "hk", Line: 96}}, // equal text, another place
		{ID: id, Name: "Seat wind, \"quoted\"", NameZH: zh, Value: 1, Source: Source{Ruleset: "hk", Line: 96}},
		{ID: id, Name: name, Value: 1, Source: Source{Ruleset: "hk", Line: 96}},               // no Chinese name
		{ID: id, Name: name, NameZH: "圈風", Value: 1, Source: Source{Ruleset: "hk", Line: 96}}, // another
		{ID: id, Name: name, NameZH: zh, Value: 1, Source: Source{Ruleset: "hk", Line: 97}},
		{ID: id, Name: name, NameZH: zh, Value: 1, Source: Source{Ruleset: "my\ttable", Line: 96}},
		{ID: id, Name: name, NameZH: zh, Value: -2, Source: Source{}},
		{ID: "", Name: "", Value: 0},
		{ID: "tab\there", Name: "\u2028", NameZH: "\xff", Value: 88, Source: Source{Ruleset: "x", Line: 1}},
	}
	for round := range 3 {
		for i, it := range items {
			want := marshalItem(t, it)
			if got := string(it.AppendJSON([]byte("x"))); got != "x"+want {
				t.Errorf("round %d, item %d: AppendJSON\n got %s\nwant x%s", round, i, got, want)
			}
		}
	}
	if itemTextOf(&base) == nil {
		t.Error("the first item's text was not remembered")
	}
}

// Goroutines writing items at once (run under -race) write what encoding/json writes.
func TestItemAppendJSONConcurrent(t *testing.T) {
	var items []Item
	for i := range 40 {
		items = append(items, Item{ID: strings.Repeat("i", i+1), Name: strings.Repeat("n", 40-i), NameZH: "無花", Value: i,
			Source: Source{Ruleset: "hk", Line: i}})
	}
	want := make([]string, len(items))
	for i, it := range items {
		want[i] = marshalItem(t, it)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 2000 {
				k := (g + i) % len(items)
				if got := string(items[k].AppendJSON(nil)); got != want[k] {
					t.Errorf("item %d: %s, want %s", k, got, want[k])
					return
				}
			}
		})
	}
	wg.Wait()
}

func BenchmarkItemAppendJSON(b *testing.B) {
	it := Item{ID: "seat-wind", Name: "Seat wind", NameZH: "門風", Value: 1, Tiles: []notation.Tile{notation.East, notation.East, notation.East},
		Source: Source{Ruleset: "hk", Line: 96}}
	buf := make([]byte, 0, 256)
	for b.Loop() {
		buf = it.AppendJSON(buf[:0])
	}
}
