package tables

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestIndex(t *testing.T) {
	tests := []struct {
		name         string
		digits, k    int
		seqs         bool
		wantSize     int
		wantClassCnt int
	}{
		{"suit", 9, 5, true, 405350, 126},
		{"honours", 7, 4, false, 43130, 55},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix := NewIndex(tt.digits, tt.k, tt.seqs)
			// Every rank decodes to a vector that ranks back to it.
			for r := range ix.Size {
				v := ix.Vector(r)
				got, ok := ix.RankOf(&v)
				if !ok || got != r {
					t.Fatalf("rank %d: vector %v ranks to %d, %v", r, v, got, ok)
				}
			}
			_, entries := classify(Distances(ix))
			if diff := cmp.Diff([]int{tt.wantSize, tt.wantClassCnt}, []int{ix.Size, len(entries)}); diff != "" {
				t.Errorf("size, classes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCombine(t *testing.T) {
	// An empty group is 3m+2p away from m sets and p pairs.
	var empty uint64
	for m := range 5 {
		for p := range 2 {
			empty |= uint64(3*m+2*p) << Lane(m, p)
		}
	}
	tests := []struct {
		name string
		sets int
		want int
	}{
		{"four sets and a pair", 4, 14},
		{"no sets, a pair", 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Finish(Combine(empty, empty), Combine(empty, empty), tt.sets)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Finish (-want +got):\n%s", diff)
			}
		})
	}
	if diff := cmp.Diff(empty, Combine(empty, empty)); diff != "" {
		t.Errorf("Combine(empty, empty) (-want +got):\n%s", diff)
	}
}

func TestRoundTrip(t *testing.T) {
	want := Build()
	b, err := want.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Tables
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, &got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	for _, n := range []int{0, 4, len(magic), len(magic) + 3, len(b) / 2, len(b) - 1} {
		if err := got.UnmarshalBinary(b[:n]); err == nil {
			t.Errorf("UnmarshalBinary of %d of %d bytes: no error", n, len(b))
		}
	}
}

// FuzzUnmarshal checks that no input makes the decoder panic.
func FuzzUnmarshal(f *testing.F) {
	f.Add([]byte(magic))
	f.Add([]byte(magic + "\x01\x00\x00\x00\x07"))
	f.Add([]byte(magic + "\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var tb Tables
		_ = tb.UnmarshalBinary(b)
	})
}
