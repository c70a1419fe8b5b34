package ledger

import (
	"bytes"
	"testing"

	"github.com/mjref/mjref/referee/gamerules"
)

// longRecord returns the record of a 1000-hand open game.
func longRecord(b *testing.B) []byte {
	var buf bytes.Buffer
	s, err := begin(hkHeader(gamerules.Length{}), fixedClock()())
	if err != nil {
		b.Fatal(err)
	}
	ev, _ := encode(&event{Seq: 1, Event: EventNew, Version: Version, Header: &s.Header})
	buf.Write(ev)
	for i := range 1000 {
		h := win(players[(i+1)%4], players[i%4], 3+i%7)
		if i%5 == 0 {
			h = drawn()
		}
		d, _ := testSettler(h, s.Table())
		number, dealer := s.Hand, s.Dealer
		if err := s.add(h, d, i+2, i+2, fixedClock()()); err != nil {
			b.Fatal(err)
		}
		ev, _ := encode(&event{Seq: i + 2, Event: EventHand, Number: number, Dealer: dealer, Hand: &h, Deltas: d[:]})
		buf.Write(ev)
	}
	return buf.Bytes()
}

// BenchmarkReplay1000 reads and checks a 1000-hand record (what every show and open does).
func BenchmarkReplay1000(b *testing.B) {
	data := longRecord(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := replay("bench.jsonl", data, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAdd records one hand, fsync included (the cost a table pays per hand).
func BenchmarkAdd(b *testing.B) {
	l, _ := newGame(b, hkHeader(gamerules.Length{}))
	i := 0
	for b.Loop() {
		if _, err := l.Add(win(players[(i+1)%4], players[i%4], 3)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
