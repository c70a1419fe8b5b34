package scoring

import (
	"strconv"
	"sync/atomic"
	"unsafe"
)

// itemText is what an item of a ruleset writes around its value, made once and written again for
// every hand that scores the item: its head `{"id":"seat-wind","name":"Seat wind","name_zh":"門風","value":`
// and its source `,"source":{"ruleset":"hk","line":96}}`. It keeps the strings it was made from,
// so their bytes are never freed and reused: an item whose strings are these same strings (the
// same place and length) writes this same text.
type itemText struct {
	id, name, zh, ruleset string
	line                  int
	head, source          []byte
}

// itemTexts holds the item texts made, each in the slot its id's place picks. A slot is filled
// once and never replaced, so the table stays small whatever rulesets pass (an item that has no
// slot, or whose slot holds another, is written field by field every time).
var itemTexts [512]atomic.Pointer[itemText]

// sameString says whether a and b are one string: the same bytes at the same place.
func sameString(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b))
}

// itemTextOf returns the text of it's head and source, made now if its slot is free; nil when
// the slot holds another item's.
func itemTextOf(it *Item) *itemText {
	k := key(it.ID)
	if k == 0 {
		return nil
	}
	slot := &itemTexts[slotOf(k, len(itemTexts))]
	if t := slot.Load(); t != nil {
		if sameString(t.id, it.ID) && sameString(t.name, it.Name) && sameString(t.zh, it.NameZH) {
			return t
		}
		return nil
	}
	return makeItemText(slot, it)
}

// makeItemText fills a free slot with it's text (or takes what another goroutine put there
// first). It is apart from itemTextOf so that itemTextOf stays small.
//
//go:noinline
func makeItemText(slot *atomic.Pointer[itemText], it *Item) *itemText {
	t := &itemText{id: it.ID, name: it.Name, zh: it.NameZH, ruleset: it.Source.Ruleset, line: it.Source.Line}
	t.head = appendItemHead(nil, it)
	t.source = appendItemSource(nil, it.Source)
	if slot.CompareAndSwap(nil, t) {
		return t
	}
	return itemTextOf(it)
}

// appendItemHead appends the item's JSON up to its value: `{"id":…,"name":…,"name_zh":…,"value":`.
func appendItemHead(b []byte, it *Item) []byte {
	b = append(b, `{"id":`...)
	b = AppendJSONName(b, it.ID)
	b = append(b, `,"name":`...)
	b = AppendJSONName(b, it.Name)
	if it.NameZH != "" {
		b = append(b, `,"name_zh":`...)
		b = AppendJSONName(b, it.NameZH)
	}
	return append(b, `,"value":`...)
}

// appendItemSource appends the item's JSON from its source on: `,"source":{…}}`.
func appendItemSource(b []byte, s Source) []byte {
	b = append(b, `,"source":{"ruleset":`...)
	b = AppendJSONName(b, s.Ruleset)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(s.Line), 10)
	return append(b, "}}"...)
}

// AppendJSON appends the item as encoding/json writes it (HTML escaping off), without reflection.
// An item of a ruleset, written for hand after hand, takes its head and source from the text made
// the first time.
func (it *Item) AppendJSON(b []byte) []byte {
	t := itemTextOf(it)
	if t != nil {
		b = append(b, t.head...)
	} else {
		b = appendItemHead(b, it)
	}
	b = strconv.AppendInt(b, int64(it.Value), 10)
	if it.Limit {
		b = append(b, `,"limit":true`...)
	}
	if len(it.Tiles) > 0 {
		b = append(b, `,"tiles":`...)
		b = AppendJSONTiles(b, it.Tiles)
	}
	if it.Note != "" {
		b = append(b, `,"note":`...)
		b = AppendJSONString(b, it.Note)
	}
	if t != nil && sameString(t.ruleset, it.Source.Ruleset) && t.line == it.Source.Line {
		return append(b, t.source...)
	}
	return appendItemSource(b, it.Source)
}
