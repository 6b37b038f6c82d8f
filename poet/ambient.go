package poet

import "github.com/minidana/dana/store"

// addAmbient records the ambient context (SPEC §3.5) in rec.
func (rt *Runtime) addAmbient(rec *store.Execution) {}
