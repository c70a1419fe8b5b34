package cmd

import "github.com/mjref/mjref/referee/ledger"

// chartView is what ledger chart writes with -o json|jsonl|yaml: the running totals it draws, each
// player's after every hand they sat in, and the file it drew them into (with --out).
type chartView struct {
	Ledger string        `json:"ledger"`
	Out    string        `json:"out,omitempty"`    // the picture written, with --out
	Format string        `json:"format,omitempty"` // svg or png, with --out
	Hands  int           `json:"hands"`
	Series []chartSeries `json:"series"` // one per player, in the order they first sat down
}

// chartSeries is one player's line of the chart.
type chartSeries struct {
	Player string       `json:"player"`
	Points []chartPoint `json:"points"`
}

// chartPoint is a player's running total after one hand.
type chartPoint struct {
	Hand  int           `json:"hand"`
	Total ledger.Amount `json:"total"`
}

func newChartView(file string, st *ledger.State) chartView {
	v := chartView{Ledger: file, Hands: len(st.History), Series: []chartSeries{}}
	index := map[string]int{}
	for _, e := range st.History {
		for place, p := range e.Players {
			i, ok := index[p]
			if !ok {
				i = len(v.Series)
				index[p] = i
				v.Series = append(v.Series, chartSeries{Player: p, Points: []chartPoint{}})
			}
			v.Series[i].Points = append(v.Series[i].Points, chartPoint{Hand: e.Number, Total: e.Totals[place]})
		}
	}
	if len(v.Series) == 0 {
		for _, p := range st.Players {
			v.Series = append(v.Series, chartSeries{Player: p, Points: []chartPoint{}})
		}
	}
	return v
}
