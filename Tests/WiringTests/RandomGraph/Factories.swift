import WiringCleanse  // code generic over BindToable, as written for Cleanse

/// Finishes `builder` with a factory whose parameters have the types of `parameters` (up to
/// four) and whose value `make` makes from what they received.
@discardableResult
func finish<B: BindToable>(
    _ builder: B, _ parameters: [ParameterSpec], make: @escaping @Sendable ([Observation]) -> B.Input
) -> BindingReceipt<B.Input> {
    guard let first = parameters.first else { return builder.to { make([]) } }
    return withParameter(first, FirstParameter(builder: builder, parameters: parameters, make: make))
}

struct FirstParameter<B: BindToable>: ParameterVisitor {
    let builder: B
    let parameters: [ParameterSpec]
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P1: Parameter>(_ parameter: P1.Type) -> BindingReceipt<B.Input> {
        guard parameters.count > 1 else {
            return builder.to { [make] (p1: P1.Value) in make([P1.observe(p1)]) }
        }
        return withParameter(parameters[1], SecondParameter<B, P1>(builder: builder, parameters: parameters, make: make))
    }
}

struct SecondParameter<B: BindToable, P1: Parameter>: ParameterVisitor {
    let builder: B
    let parameters: [ParameterSpec]
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P2: Parameter>(_ parameter: P2.Type) -> BindingReceipt<B.Input> {
        guard parameters.count > 2 else {
            return builder.to { [make] (p1: P1.Value, p2: P2.Value) in make([P1.observe(p1), P2.observe(p2)]) }
        }
        return withParameter(parameters[2], ThirdParameter<B, P1, P2>(builder: builder, parameters: parameters, make: make))
    }
}

struct ThirdParameter<B: BindToable, P1: Parameter, P2: Parameter>: ParameterVisitor {
    let builder: B
    let parameters: [ParameterSpec]
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P3: Parameter>(_ parameter: P3.Type) -> BindingReceipt<B.Input> {
        guard parameters.count > 3 else {
            return builder.to { [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value) in
                make([P1.observe(p1), P2.observe(p2), P3.observe(p3)])
            }
        }
        return withParameter(parameters[3], FourthParameter<B, P1, P2, P3>(builder: builder, make: make))
    }
}

struct FourthParameter<B: BindToable, P1: Parameter, P2: Parameter, P3: Parameter>: ParameterVisitor {
    let builder: B
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P4: Parameter>(_ parameter: P4.Type) -> BindingReceipt<B.Input> {
        builder.to { [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value, p4: P4.Value) in
            make([P1.observe(p1), P2.observe(p2), P3.observe(p3), P4.observe(p4)])
        }
    }
}
