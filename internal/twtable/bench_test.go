package twtable

import (
	"io"
	"strconv"
	"testing"

	"github.com/mjref/mjref/internal/asciitable"
)

// The table of one scored hand, as 'mjref score' and each line of 'mjref score -' draw it.
var (
	scoreHeader = []string{"id", "name", "中文", "faan", "tiles", "rule"}
	scoreRows   = [][]string{
		{"seat-wind", "Seat wind", "門風", "1", "111z", "hk:96"},
		{"prevailing-wind", "Prevailing wind", "圈風", "1", "111z", "hk:100"},
		{"self-draw", "Self-drawn", "自摸", "1", "", "hk:152"},
		{"concealed-hand", "Concealed hand", "門前清", "1", "", "hk:156"},
		{"no-flowers", "No flowers", "無花", "1", "", "hk:202"},
	}
)

// go test ./internal/twtable -run - -bench . -benchmem -cpu 1
func BenchmarkScoreTable(b *testing.B) {
	b.Run("tablewriter-reused", func(b *testing.B) {
		w := NewWriter()
		var buf []byte
		for b.Loop() {
			var err error
			if buf, err = w.Append(buf[:0], scoreHeader, scoreRows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tablewriter-pooled", func(b *testing.B) {
		for b.Loop() {
			if err := Write(io.Discard, scoreHeader, scoreRows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tablewriter-new", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			var err error
			if buf, err = NewWriter().Append(buf[:0], scoreHeader, scoreRows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("asciitable", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = asciitable.Append(buf[:0], scoreHeader, scoreRows)
		}
	})
}

// A long evening's history as 'mjref ledger show' draws it: 60 hands, 8 columns.
func BenchmarkHistoryTable(b *testing.B) {
	header := []string{"hand", "wind", "dealer", "result", "Ann Lee", "Ben Wong", "Cat Chan", "Dan Ho"}
	var rows [][]string
	for i := range 60 {
		rows = append(rows, []string{strconv.Itoa(i + 1), "E", "Ann Lee", "Ben Wong wins 5 faan on Cat Chan's discard", "0 = 0", "+36 = 36", "-36 = -36", "0 = 0"})
	}
	b.Run("tablewriter-reused", func(b *testing.B) {
		w := NewWriter()
		var buf []byte
		for b.Loop() {
			var err error
			if buf, err = w.Append(buf[:0], header, rows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("asciitable", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = asciitable.Append(buf[:0], header, rows)
		}
	})
}
