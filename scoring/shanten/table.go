package shanten

import (
	"bytes"
	"compress/flate"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/mjref/mjref/scoring/shanten/internal/tables"
)

//go:generate go run ./internal/gen -o tables.bin.z

// packed holds the lookup tables, deflated (108 KB; 1.5 MB inflated). They are generated rather
// than built at start-up because building them takes about 0.16 s of CPU, while inflating and
// checking them takes about 3.5 ms, once, on the first call that needs them (BenchmarkLoad).
//
//go:embed tables.bin.z
var packed string

// Number of classes (checked when the tables load); as constants they make the lookups cheaper.
const (
	nSuit  = 126
	nHonor = 55
	nPair  = 180
)

const (
	maxGroup     = tables.MaxGroup
	rankMask     = tables.RankMask
	tileShift    = tables.TileShift
	overflowBias = tables.OverflowBias
)

var pow5 = tables.Pow5

var (
	loadOnce           sync.Once
	suitPre, suitSuf   []uint32
	honorPre, honorSuf []uint32
	tbl                tables.Tables
)

// load inflates the tables on first use.
func load() {
	loadOnce.Do(func() {
		suitPre, suitSuf = tables.Keys(9, 5)
		honorPre, honorSuf = tables.Keys(7, 4)
		var raw bytes.Buffer
		raw.Grow(1 << 21) // the tables inflate to 1.5 MB
		_, err := raw.ReadFrom(flate.NewReader(strings.NewReader(packed)))
		if err == nil {
			err = tbl.UnmarshalBinary(raw.Bytes())
		}
		if err == nil && (tbl.NSuit() != nSuit || tbl.NHonor() != nHonor || tbl.NPair() != nPair) {
			err = fmt.Errorf("class counts %d %d %d", tbl.NSuit(), tbl.NHonor(), tbl.NPair())
		}
		if err == nil {
			err = checkSizes()
		}
		if err != nil {
			// The data is part of the program: this is a build fault, not bad input.
			panic("shanten: embedded tables: " + err.Error() + " (run go generate)")
		}
	})
}

// Vectors ranked per group.
const (
	nSuitVectors  = 405350
	nHonorVectors = 43130
)

// checkSizes makes sure every lookup stays in range.
func checkSizes() error {
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"suit classes", len(tbl.SuitClass), nSuitVectors},
		{"honour classes", len(tbl.HonorClass), nHonorVectors},
		{"suit waits", len(tbl.SuitWait), nSuitVectors},
		{"honour waits", len(tbl.HonorWait), nHonorVectors},
		{"suit done", len(tbl.SuitDone), (nSuitVectors + 63) / 64},
		{"honour done", len(tbl.HonorDone), (nHonorVectors + 63) / 64},
		{"pair01", len(tbl.Pair01), nSuit * nSuit},
		{"pair012", len(tbl.Pair012), nPair * nSuit},
		{"final", len(tbl.Final), nPair * nHonor * 5},
	} {
		if c.got != c.want {
			return fmt.Errorf("%s: %d entries, want %d", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		name  string
		ids   []uint8
		below int
	}{
		{"suit classes", tbl.SuitClass, nSuit},
		{"honour classes", tbl.HonorClass, nHonor},
		{"pair01", tbl.Pair01, nPair},
		{"pair012", tbl.Pair012, nPair},
	} {
		for _, id := range c.ids {
			if int(id) >= c.below {
				return fmt.Errorf("%s: class %d out of range", c.name, id)
			}
		}
	}
	return nil
}
