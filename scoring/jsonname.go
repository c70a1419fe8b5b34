package scoring

import (
	"sync/atomic"
	"unsafe"
)

// AppendJSONName is AppendJSONString for a string that recurs from line to line, the same string
// each time: an item's id, name and source from the ruleset, a seat or a win word. Such a string,
// once found to need no escaping, is remembered by where its bytes are, and written again without
// being looked at. A string's bytes never change, and the entry holds the string, so its bytes are
// never freed and reused for another: the same place and length are the same text.
func AppendJSONName(b []byte, s string) []byte {
	if len(s) == 0 || !plainNames.known(s) {
		return AppendJSONString(b, s)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// plainNames is a fixed table of strings found plain, each in the slot its place picks. A slot is
// filled once and never replaced, so the table stays small whatever strings pass (a string it has
// no slot for is only checked every time, as AppendJSONString checks it).
var plainNames nameTable

type nameTable [1024]atomic.Pointer[string]

// known says whether s is a string found plain before, and when it is not, checks it and
// remembers it if it is plain and its slot is free.
func (t *nameTable) known(s string) bool {
	slot := t.slot(s)
	if c := slot.Load(); c != nil && unsafe.StringData(*c) == unsafe.StringData(s) && len(*c) == len(s) {
		return true
	}
	if !jsonPlain(s) {
		return false
	}
	if slot.Load() == nil {
		remember(slot, s)
	}
	return true
}

// slot is the slot of s: by where its bytes are and its length.
func (t *nameTable) slot(s string) *atomic.Pointer[string] {
	return &t[(uintptr(unsafe.Pointer(unsafe.StringData(s)))>>3^uintptr(len(s))*0x9e37)%uintptr(len(t))]
}

// remember fills slot with s. It is apart from known so that only a string remembered is copied
// to the heap, not every string known is asked about.
//
//go:noinline
func remember(slot *atomic.Pointer[string], s string) {
	ps := new(string)
	*ps = s
	slot.CompareAndSwap(nil, ps)
}
