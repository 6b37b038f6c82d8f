package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"
)

// Learning records are stored in a compact binary form (loading the
// index of 100,000 learnings decodes every record, and JSON with three
// timestamps costs ~5 µs a record). The first byte is the format version;
// a record starting with '{' is JSON (older records, hand-made stores).
// Export/Import use JSON Lines regardless.
const (
	learningCodecV1 = 1 // ID, Text, Function, Domain, SourceExecution, Kind
	learningCodecV2 = 2 // V1's strings, then Module
)

// noTime encodes the zero time.Time.
const noTime = math.MinInt64

// encodeLearning returns the stored form of l.
func encodeLearning(l *Learning) []byte {
	n := 1 + 8 + 3*8 + binary.MaxVarintLen64
	strs := []string{l.ID, l.Text, l.Function, l.Domain, l.SourceExecution, l.Kind, l.Module}
	for _, s := range strs {
		n += binary.MaxVarintLen64 + len(s)
	}
	b := make([]byte, 0, n)
	b = append(b, learningCodecV2)
	for _, s := range strs {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.BigEndian.AppendUint64(b, math.Float64bits(l.Confidence))
	b = binary.AppendVarint(b, int64(l.TimesReinforced))
	for _, t := range []time.Time{l.Created, l.LastUsed, l.DecayedThrough} {
		v := int64(noTime)
		if !t.IsZero() {
			v = t.UnixNano()
		}
		b = binary.BigEndian.AppendUint64(b, uint64(v))
	}
	return b
}

var errShortRecord = errors.New("truncated learning record")

// decodeLearning decodes a stored learning record.
func decodeLearning(val []byte) (*Learning, error) {
	if len(val) > 0 && val[0] == '{' {
		l := new(Learning)
		if err := json.Unmarshal(val, l); err != nil {
			return nil, fmt.Errorf("decoding learning record: %w", err)
		}
		return l, nil
	}
	if len(val) == 0 || (val[0] != learningCodecV1 && val[0] != learningCodecV2) {
		return nil, fmt.Errorf("decoding learning record: unknown format %q", val[:min(len(val), 1)])
	}
	b := val[1:]
	var strs [7]string
	n := 6
	if val[0] == learningCodecV2 {
		n = 7
	}
	for i := range strs[:n] {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k) < n {
			return nil, fmt.Errorf("decoding learning record: %w", errShortRecord)
		}
		strs[i] = string(b[k : k+int(n)])
		b = b[k+int(n):]
	}
	l := &Learning{ID: strs[0], Text: strs[1], Function: strs[2], Domain: strs[3], SourceExecution: strs[4], Kind: strs[5], Module: strs[6]}
	if len(b) < 8 {
		return nil, fmt.Errorf("decoding learning record: %w", errShortRecord)
	}
	l.Confidence = math.Float64frombits(binary.BigEndian.Uint64(b))
	b = b[8:]
	r, k := binary.Varint(b)
	if k <= 0 || len(b)-k < 24 {
		return nil, fmt.Errorf("decoding learning record: %w", errShortRecord)
	}
	l.TimesReinforced = int(r)
	b = b[k:]
	for _, t := range []*time.Time{&l.Created, &l.LastUsed, &l.DecayedThrough} {
		if v := int64(binary.BigEndian.Uint64(b)); v != noTime {
			*t = time.Unix(0, v).UTC()
		}
		b = b[8:]
	}
	return l, nil
}
