package ledger

import "github.com/mjref/mjref/referee/settle"

// Amount is an exact amount of points or money, the settlement's fixed-point type: 0.25 (二五雞) is
// kept exactly. It marshals to JSON as a plain number (12.25) and to text as "12.25".
type Amount = settle.Amount

// amountScale is the number of units in 1.
const amountScale = settle.Unit

// Whole returns n whole points.
func Whole(n int64) Amount { return settle.Points(n) }
