package scoring

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mjref/mjref/notation"
)

// ItemRows lays out scored items as table rows: id, name (and the Chinese name with withZH),
// value, tiles and the rule's ruleset line. A rule from a file (a house hand) shows the file's
// name; JSON keeps the path.
func ItemRows(items []Item, withZH bool) [][]string {
	rows := make([][]string, 0, len(items))
	for _, it := range items {
		val := strconv.Itoa(it.Value)
		if it.Limit {
			val += " (limit)"
		}
		row := []string{it.ID, it.Name}
		if withZH {
			row = append(row, it.NameZH)
		}
		rule := it.Source.String()
		if dir := filepath.Dir(it.Source.Ruleset); dir != "." && dir != "" {
			rule = filepath.Base(it.Source.Ruleset) + rule[len(it.Source.Ruleset):]
		}
		if it.Note != "" {
			rule = strings.TrimSpace(it.Note + "  " + rule)
		}
		row = append(row, val, notation.FormatTiles(it.Tiles), rule)
		rows = append(rows, row)
	}
	return rows
}
