package engine

import "github.com/mjref/mjref/notation"

// Preview is a hand as the ruleset reads it, for a page to draw while it is typed: its tiles by
// group and how many count toward a full hand, and the tiles held more than four times.
type Preview struct {
	Canonical string `json:"canonical"`
	// Concealed are the concealed tiles but the winning tile, which is Win.
	Concealed []notation.Tile  `json:"concealed"`
	Melds     []PreviewMeld    `json:"melds"`
	Win       *notation.Tile   `json:"win,omitempty"`
	Bonus     []notation.Tile  `json:"bonus"`
	Tiles     int              `json:"tiles"`
	Over      []notation.Tile  `json:"over,omitempty"`
	Notation  notation.Options `json:"-"`
	Kongs     int              `json:"kongs"`
}

// PreviewMeld is one meld of a Preview.
type PreviewMeld struct {
	Tiles     []notation.Tile `json:"tiles"`
	Concealed bool            `json:"concealed"`
	Kong      bool            `json:"kong"`
}

// Preview reads text as a hand under the engine's ruleset. A hand that does not parse is the
// parser's error, with its column.
func (e *Engine) Preview(text string) (*Preview, error) {
	h, err := e.Parse(text)
	if err != nil {
		return nil, err
	}
	opt := e.rules.Family().Notation()
	p := &Preview{Canonical: notation.FormatWith(h, opt), Melds: []PreviewMeld{}, Bonus: []notation.Tile{}, Tiles: h.Count(opt)}
	c := h.Concealed
	if h.Win != notation.NoTile && c[h.Win] > 0 {
		c[h.Win]--
		w := h.Win
		p.Win = &w
	}
	p.Concealed = c.Tiles()
	for _, m := range h.Melds {
		kong := len(m.Tiles()) == 4
		if kong {
			p.Kongs++
		}
		p.Melds = append(p.Melds, PreviewMeld{Tiles: m.Tiles(), Concealed: m.Concealed, Kong: kong})
	}
	for _, b := range h.Bonus {
		p.Bonus = append(p.Bonus, b.Tile)
	}
	all := h.All()
	for t, n := range all {
		if n > 4 && notation.Tile(t) != notation.Joker {
			p.Over = append(p.Over, notation.Tile(t))
		}
	}
	return p, nil
}
