package ledger

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Export formats.
const (
	FormatJSON  = "json"
	FormatCSV   = "csv"
	FormatJSONL = "jsonl"
)

// ExportOptions says how to write a CSV export.
type ExportOptions struct {
	// Excel starts the file with a UTF-8 byte order mark, which Excel on Windows needs to read
	// names in Chinese (or any non-ASCII name) correctly.
	Excel bool
}

// Export writes the state: as JSON (the State, with its history and standings) or as CSV (one row
// a hand, see ExportCSV). The record's own events are WriteEvents. The JSON is the State's own
// encoding (amounts in arrays in the order of the places, no schema_version), not the document
// mjref prints: that is schema.NewLedgerGame (engine.Ledger.Export writes it).
func Export(w io.Writer, s *State, format string) error {
	switch format {
	case FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			*State
			Standings []Standing `json:"standings"`
		}{s, s.Standings()})
	case FormatCSV:
		return ExportCSV(w, s, ExportOptions{})
	}
	return fmt.Errorf("unknown export format %q: expected json, jsonl or csv", format)
}

// ExportCSV writes one row a hand: its number, the prevailing wind and the dealer's repeat count
// (only in a game whose flow has them), the dealer, the result, every winner, the discarder, who
// was responsible, the note, then each player's change and running total (a column for every
// player of the evening; empty for the hands a player did not play). Every cell that came from a
// person (names, notes) is made safe for a spreadsheet: a cell that would start a formula (=, +,
// -, @, a tab or a carriage return) is prefixed with an apostrophe.
func ExportCSV(w io.Writer, s *State, o ExportOptions) error {
	if o.Excel {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return err
		}
	}
	cw := csv.NewWriter(w)
	wind := s.Flow.PrevailingWind
	repeats := s.Flow.DealerRepeatsOnWin || s.Flow.DealerRepeatsOnDraw
	people := make([]string, len(s.People))
	for i, p := range s.People {
		people[i] = p.Name
	}
	head := []string{"hand"}
	if wind {
		head = append(head, "round", "prevailing")
	}
	head = append(head, "dealer")
	if repeats {
		head = append(head, "repeat")
	}
	head = append(head, "result", "winners", "discarder", "responsible", "note")
	for _, p := range people {
		head = append(head, safeCell(p))
	}
	for _, p := range people {
		head = append(head, safeCell(p+" total"))
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, e := range s.History {
		row := []string{strconv.Itoa(e.Number)}
		if wind {
			row = append(row, strconv.Itoa(e.Round), e.Prevailing.String())
		}
		row = append(row, safeCell(e.Dealer))
		if repeats {
			row = append(row, strconv.Itoa(e.Repeat))
		}
		var resp []string
		for _, c := range e.Hand.Claims() {
			if c.Responsible != "" {
				resp = append(resp, c.Responsible)
			}
		}
		row = append(row, safeCell(e.Hand.String()), safeCell(strings.Join(e.Hand.Winners(), "; ")), safeCell(e.Hand.Discarder),
			safeCell(strings.Join(resp, "; ")), safeCell(e.Hand.Note))
		deltas := make([]string, len(people))
		totals := make([]string, len(people))
		for k, p := range people {
			if i := slices.Index(e.Players[:], p); i >= 0 {
				deltas[k], totals[k] = e.Deltas[i].String(), e.Totals[i].String()
			}
		}
		row = append(append(row, deltas...), totals...)
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// safeCell keeps a spreadsheet from reading text as a formula (CSV injection): a cell starting
// with =, +, -, @, a tab or a carriage return gets a leading apostrophe, which spreadsheets show
// as text and do not display.
func safeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// SafeCell is a cell made safe for a spreadsheet as ExportCSV writes it (see safeCell), for other
// tables written from ledgers (a season's standings).
func SafeCell(s string) string { return safeCell(s) }
