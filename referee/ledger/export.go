package ledger

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// Export formats.
const (
	FormatJSON = "json"
	FormatCSV  = "csv"
)

// Export writes the state: as JSON (the State, with its history and standings) or as CSV (one row a
// hand: its number, round, prevailing wind, dealer, result, each player's delta and running total).
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
		cw := csv.NewWriter(w)
		head := []string{"hand", "round", "prevailing", "dealer", "repeat", "result"}
		for _, p := range s.Players {
			head = append(head, p)
		}
		for _, p := range s.Players {
			head = append(head, p+" total")
		}
		if err := cw.Write(head); err != nil {
			return err
		}
		for _, e := range s.History {
			row := []string{strconv.Itoa(e.Number), strconv.Itoa(e.Round), e.Prevailing.String(), e.Dealer,
				strconv.Itoa(e.Repeat), e.Hand.String()}
			for _, d := range e.Deltas {
				row = append(row, d.String())
			}
			for _, t := range e.Totals {
				row = append(row, t.String())
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
		cw.Flush()
		return cw.Error()
	}
	return fmt.Errorf("unknown export format %q: expected json or csv", format)
}
