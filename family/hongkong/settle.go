package hongkong

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/scoring"
)

// takes is the family's takes-table: the fields a Hong Kong request does not read, by use case,
// with what to give instead.
var takes = map[family.Use]family.Refusals{
	family.UseScore: {"loser": ""},
	family.UseSettle: {
		"value":     "a Hong Kong hand is worth faan: use --faan N",
		"jokerless": "jokers are played only with --rules american",
		"misnamed":  "",
		"card":      "",
		"mahjong":   "name the winner with --winner SEAT",
		"hand":      "give the winner's hand as the argument: mjref settle HAND --seat SEAT",
		"points":    "",
		"totals":    "",
	},
	family.UseLedger: {
		"value":     "a Hong Kong hand is worth faan: use --faan N",
		"jokerless": "",
		"misnamed":  "",
		"han":       "han and fu are riichi's: use --faan N",
		"fu":        "han and fu are riichi's: use --faan N",
		"yakuman":   "yakuman counts are riichi's: a limit hand is --faan limit",
		"riichi":    "",
		"tenpai":    "",
		"nagashi":   "",
		"abortive":  "",
	},
}

// Takes reads every field but the American and DeBurger ones, and scores winners only.
func (r *rules) Takes(use family.Use, field string) (bool, string) {
	return takes[use].Takes(field)
}

// Worth is the hand's faan: the table is read at the faan before the cap by the same rule the
// score used (hk.Rules.Bounds), and the settlement says so when the cap cut it.
func (r *rules) Worth(sc family.Scored) family.Worth {
	res := sc.(*Scored).Result
	w := family.Worth{Valid: res.Valid, NotWin: "not a win", Reason: res.Reason, Pay: res.RawTotal, Total: res.Total, Unit: "faan",
		Limit: res.Limit, SelfDrawn: res.SelfDrawn, SelfDrawnBy: itemIDs(res.Items), Result: res}
	w.Text = fmt.Sprintf("%d faan", res.Total)
	if res.Limit {
		w.Text += ", a limit hand"
	}
	if res.Note != "" {
		w.Notes = []string{res.Note}
	}
	return w
}

func itemIDs(items []scoring.Item) []string {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}
