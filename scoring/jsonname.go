package scoring

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// AppendJSONName is AppendJSONString for a string that recurs from line to line, the same string
// each time: an item's id, name and source from the ruleset, a reading's shape. Such a string,
// once found to need no escaping, is remembered by where its bytes are and its length, and
// written again without being looked at. A string's bytes never change, and a string remembered
// is kept (so its bytes are never freed and reused for another): the same place and length are
// the same text.
func AppendJSONName(b []byte, s string) []byte {
	if !plainNames.known(s) {
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

// nameTable's slots hold a string's key: where its bytes are and its length in one word, so that
// a lookup is one load. kept holds the strings remembered.
type nameTable struct {
	slots [1024]atomic.Uint64
	mu    sync.Mutex
	kept  []string
}

// key is s's place and length in one word, or 0 when they do not fit in one (a place above 2^48,
// a string of 64 KiB or more: never remembered) or s is empty.
func key(s string) uint64 {
	p := uint64(uintptr(unsafe.Pointer(unsafe.StringData(s))))
	if len(s) == 0 || len(s) >= 1<<16 || p >= 1<<48 {
		return 0
	}
	return p | uint64(len(s))<<48
}

// slot is the slot of a key.
func (t *nameTable) slot(k uint64) *atomic.Uint64 { return &t.slots[slotOf(k, len(t.slots))] }

// slotOf is the slot of a key in a table of n slots: the place's bits above its 8-byte
// alignment, mixed with the length.
func slotOf(k uint64, n int) uint64 { return (k>>3 ^ k>>48*0x9e37) % uint64(n) }

// known says whether s is a string found plain before, and when it is not, checks it and
// remembers it if it is plain and its slot is free.
func (t *nameTable) known(s string) bool {
	k := key(s)
	if k == 0 {
		return jsonPlain(s)
	}
	slot := t.slot(k)
	v := slot.Load()
	if v == k {
		return true
	}
	if !jsonPlain(s) {
		return false
	}
	if v == 0 {
		t.remember(slot, k, s)
	}
	return true
}

// remember fills slot with k, keeping s. It is apart from known so that known stays small.
//
//go:noinline
func (t *nameTable) remember(slot *atomic.Uint64, k uint64, s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if slot.Load() == 0 {
		t.kept = append(t.kept, s)
		slot.Store(k)
	}
}
