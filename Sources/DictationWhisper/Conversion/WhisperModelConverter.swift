import Foundation

/// Converts a faster-whisper (CTranslate2) Whisper model into whisper.cpp's ggml model file.
///
/// The weights are carried over bit for bit: float16 weights stay float16 (ftype 1), and the
/// tensors `convert-pt-to-ggml.py` keeps in float32 (1-D tensors, conv biases, positional
/// embeddings) are widened exactly. A model whose large weights are not all float16 is written
/// with ftype 0 (everything float32), which is exact too. CTranslate2's fused projections are
/// split back into Whisper's separate ones; the only values dropped are the key biases
/// CTranslate2 adds when fusing (zeros, and without effect anyway: a key bias adds the same
/// amount to every attention score of a query, which the softmax cancels).
enum WhisperModelConverter {
    /// Reads `model.bin` and the vocabulary from `modelFolder` and writes the ggml file to `output`.
    static func convert(modelFolder: URL, to output: URL) throws {
        let model = try CTranslate2ModelFile(contentsOf: modelFolder.appendingPathComponent("model.bin"))
        let vocabulary = try WhisperTokenVocabulary(contentsOf: modelFolder)

        // Written beside the destination and moved into place at the end, so a failed
        // conversion never leaves a truncated model where whisper.cpp would pick it up.
        let fileManager = FileManager.default
        let partial = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).partial")
        do {
            guard fileManager.createFile(atPath: partial.path, contents: nil) else {
                throw WhisperModelConversionProblem.cannotWrite(path: partial.path, reason: "cannot create the file")
            }
            let handle = try FileHandle(forWritingTo: partial)
            do {
                try convert(model: model, vocabulary: vocabulary) { try handle.write(contentsOf: $0) }
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            if fileManager.fileExists(atPath: output.path) {
                try fileManager.removeItem(at: output)
            }
            try fileManager.moveItem(at: partial, to: output)
        } catch {
            try? fileManager.removeItem(at: partial)
            if let problem = error as? WhisperModelConversionProblem { throw problem }
            throw WhisperModelConversionProblem.cannotWrite(path: output.path, reason: error.localizedDescription)
        }
    }

    /// The whole ggml file in memory (for tests and small models).
    static func convert(model: CTranslate2ModelFile, vocabulary: WhisperTokenVocabulary) throws -> Data {
        var output = Data()
        try convert(model: model, vocabulary: vocabulary) { output.append($0) }
        return output
    }

    /// Streams the ggml file to `sink`. Everything is checked before the first byte is written.
    static func convert(model: CTranslate2ModelFile, vocabulary: WhisperTokenVocabulary, sink: @escaping (Data) throws -> Void)
        throws
    {
        var plan = try Plan(model: model)
        try plan.mapEncoder()
        try plan.mapDecoder()
        try plan.checkEverythingUsed()

        var hyperparameters = plan.hyperparameters
        let weights = plan.tensors.filter(\.followsWeightType)
        let weightType: GGMLWhisperModelWriter.TensorType =
            weights.allSatisfy({ $0.sourceType == .float16 }) ? .float16 : .float32
        hyperparameters.fileType = Int(weightType.rawValue)
        let tokens = try vocabulary.ggmlTokens(modelVocabularySize: hyperparameters.vocabularySize)

        var writer = GGMLWhisperModelWriter(sink: sink)
        try writer.writeHeader(
            hyperparameters,
            melFilters: WhisperMelFilterbank.weights(melCount: hyperparameters.melBands),
            melFilterColumns: WhisperMelFilterbank.frequencyBinCount,
            tokens: tokens)
        for tensor in plan.tensors {
            try writer.writeTensor(
                name: tensor.name, shape: tensor.shape,
                type: tensor.followsWeightType ? weightType : .float32,
                elements: tensor.elements(in: model))
        }
        try writer.finish()
    }

    /// One tensor of the ggml file and where its elements come from.
    private struct Tensor {
        enum Source {
            /// A run of elements of a CTranslate2 variable (a part of a fused projection, or all of it).
            case variable(CTranslate2ModelFile.Variable, elements: Range<Int>)
            case values([Float])
        }

        let name: String
        /// Outermost dimension first.
        let shape: [Int]
        let source: Source

        /// Whether the tensor takes the file's ftype. convert-pt-to-ggml.py keeps 1-D tensors,
        /// the conv biases (made 2-D) and the positional embeddings in float32, and the loader
        /// allocates exactly these as GGML_TYPE_F32, checking each tensor's byte size against it.
        var followsWeightType: Bool {
            shape.count >= 2
                && ![
                    "encoder.conv1.bias", "encoder.conv2.bias",
                    "encoder.positional_embedding", "decoder.positional_embedding",
                ].contains(name)
        }

        var sourceType: CTranslate2ModelFile.DataType {
            switch source {
            case .variable(let variable, _): variable.dataType
            case .values: .float32
            }
        }

        func elements(in model: CTranslate2ModelFile) -> GGMLWhisperModelWriter.Elements {
            switch source {
            case .values(let values):
                return .values(values)
            case .variable(let variable, let elements):
                let bytes = model.bytes(of: variable)
                let width = variable.dataType.byteWidth
                let part = bytes[
                    (bytes.startIndex + elements.lowerBound * width)..<(bytes.startIndex + elements.upperBound * width)]
                switch variable.dataType {
                case .float16: return .float16(part)
                case .bfloat16: return .bfloat16(part)
                default: return .float32(part)  // Plan admits no other type.
                }
            }
        }
    }

    /// Works out the dimensions, then maps CTranslate2's variables onto whisper.cpp's tensors,
    /// checking every shape against the dimensions on the way.
    private struct Plan {
        let model: CTranslate2ModelFile
        let hyperparameters: WhisperModelFile.Hyperparameters
        private(set) var tensors: [Tensor] = []
        private var used: Set<String> = []

        init(model: CTranslate2ModelFile) throws {
            guard model.specName == "WhisperSpec" else {
                throw WhisperModelConversionProblem.unsupportedModelSpec(model.specName)
            }
            self.model = model

            let conv1 = try model.variable("encoder/conv1/weight").shape
            let embeddings = try model.variable("decoder/embeddings/weight").shape
            let textPositions = try model.variable("decoder/position_encodings/encodings").shape
            // Whisper's encoder always sees 30 s of audio: 3000 mel frames, halved by conv2.
            let audioPositions =
                model.variableIfPresent("encoder/position_encodings/encodings")?.shape ?? [1500, conv1.first ?? 0]
            guard conv1.count == 3, embeddings.count == 2, textPositions.count == 2, audioPositions.count == 2 else {
                throw WhisperModelConversionProblem.unsupportedDimensions(
                    "conv1 \(conv1), embeddings \(embeddings), positions \(audioPositions) \(textPositions) are not Whisper's ranks"
                )
            }
            hyperparameters = try WhisperModelFile.Hyperparameters(
                vocabularySize: embeddings[0], audioContext: audioPositions[0], audioState: conv1[0],
                audioHeads: model.integerScalar("encoder/num_heads"), audioLayers: Self.layerCount("encoder", in: model),
                textContext: textPositions[0], textState: embeddings[1],
                textHeads: model.integerScalar("decoder/num_heads"), textLayers: Self.layerCount("decoder", in: model),
                melBands: conv1[1], fileType: 1)

            let h = hyperparameters
            // whisper.cpp asserts equal widths (its cross-attention assumes them); the
            // sinusoids need an even width of at least 4.
            guard h.audioState == h.textState, h.audioState >= 4, h.audioState % 2 == 0,
                h.audioHeads > 0, h.audioState % h.audioHeads == 0, h.textHeads > 0, h.textState % h.textHeads == 0,
                h.audioLayers > 0, h.textLayers > 0, h.melBands > 0, h.audioContext > 0, h.textContext > 0, h.vocabularySize > 0
            else { throw WhisperModelConversionProblem.unsupportedDimensions("\(h)") }
        }

        /// Layers are numbered from 0 without gaps; a stray higher layer is caught as unused.
        private static func layerCount(_ stack: String, in model: CTranslate2ModelFile) -> Int {
            var count = 0
            while model.variableIfPresent("\(stack)/layer_\(count)/ffn/linear_0/weight") != nil { count += 1 }
            return count
        }

        mutating func mapEncoder() throws {
            let d = hyperparameters.audioState
            if model.variableIfPresent("encoder/position_encodings/encodings") != nil {
                try take(
                    "encoder/position_encodings/encodings", shape: [hyperparameters.audioContext, d],
                    as: "encoder.positional_embedding")
            } else {
                let values = WhisperSinusoidalPositionEmbedding.values(length: hyperparameters.audioContext, channels: d)
                tensors.append(
                    Tensor(
                        name: "encoder.positional_embedding", shape: [hyperparameters.audioContext, d], source: .values(values)))
            }
            // Conv weights keep PyTorch's [out, in, kernel] layout, which is what whisper.cpp
            // expects reversed ([3, in, out]); the biases become [out, 1] as in the pt converter.
            try take("encoder/conv1/weight", shape: [d, hyperparameters.melBands, 3], as: "encoder.conv1.weight")
            try take("encoder/conv1/bias", shape: [d], as: "encoder.conv1.bias", storedAs: [d, 1])
            try take("encoder/conv2/weight", shape: [d, d, 3], as: "encoder.conv2.weight")
            try take("encoder/conv2/bias", shape: [d], as: "encoder.conv2.bias", storedAs: [d, 1])
            for layer in 0..<hyperparameters.audioLayers {
                let from = "encoder/layer_\(layer)"
                let to = "encoder.blocks.\(layer)"
                try selfAttention(from + "/self_attention", as: to + ".attn", width: d)
                try layerNorm(from + "/self_attention/layer_norm", as: to + ".attn_ln", width: d)
                try feedForward(from + "/ffn", as: to, width: d)
            }
            try layerNorm("encoder/layer_norm", as: "encoder.ln_post", width: d)
        }

        mutating func mapDecoder() throws {
            let d = hyperparameters.textState
            try take(
                "decoder/position_encodings/encodings", shape: [hyperparameters.textContext, d],
                as: "decoder.positional_embedding")
            let embeddings = try take(
                "decoder/embeddings/weight", shape: [hyperparameters.vocabularySize, d], as: "decoder.token_embedding.weight")
            // whisper.cpp computes the logits with the token embeddings; CTranslate2 stores the
            // output projection as an alias of them. A distinct projection cannot be carried.
            if let projection = model.variableIfPresent("decoder/projection/weight"), projection != embeddings {
                guard projection.shape == embeddings.shape, projection.dataType == embeddings.dataType,
                    model.bytes(of: projection) == model.bytes(of: embeddings)
                else { throw WhisperModelConversionProblem.unexpectedVariable(projection.name) }
                used.insert(projection.name)
            }
            for layer in 0..<hyperparameters.textLayers {
                let from = "decoder/layer_\(layer)"
                let to = "decoder.blocks.\(layer)"
                try selfAttention(from + "/self_attention", as: to + ".attn", width: d)
                try layerNorm(from + "/self_attention/layer_norm", as: to + ".attn_ln", width: d)
                try crossAttention(from + "/attention", as: to + ".cross_attn", width: d)
                try layerNorm(from + "/attention/layer_norm", as: to + ".cross_attn_ln", width: d)
                try feedForward(from + "/ffn", as: to, width: d)
            }
            try layerNorm("decoder/layer_norm", as: "decoder.ln", width: d)
        }

        /// Every stored array must have landed in a tensor: anything left over is a part of the
        /// model the ggml file would silently lose. Scalars are CTranslate2's architecture flags.
        func checkEverythingUsed() throws {
            if let unused = model.variables.values.filter({ !$0.shape.isEmpty && !used.contains($0.name) }).map(\.name).min() {
                throw WhisperModelConversionProblem.unexpectedVariable(unused)
            }
        }

        /// CTranslate2 fuses query, key and value into `linear_0` ([3d, d]); its out projection is `linear_1`.
        private mutating func selfAttention(_ from: String, as to: String, width d: Int) throws {
            try split(
                from + "/linear_0/weight", shape: [3 * d, d],
                into: [to + ".query.weight", to + ".key.weight", to + ".value.weight"])
            try split(from + "/linear_0/bias", shape: [3 * d], into: [to + ".query.bias", nil, to + ".value.bias"])
            try linear(from + "/linear_1", as: to + ".out", outputs: d, inputs: d)
        }

        /// Cross-attention: query `linear_0`, key and value fused in `linear_1` ([2d, d]), out `linear_2`.
        private mutating func crossAttention(_ from: String, as to: String, width d: Int) throws {
            try linear(from + "/linear_0", as: to + ".query", outputs: d, inputs: d)
            try split(from + "/linear_1/weight", shape: [2 * d, d], into: [to + ".key.weight", to + ".value.weight"])
            try split(from + "/linear_1/bias", shape: [2 * d], into: [nil, to + ".value.bias"])
            try linear(from + "/linear_2", as: to + ".out", outputs: d, inputs: d)
        }

        /// The MLP's two layers are Whisper's `mlp.0` and `mlp.2` (`mlp.1` is the GELU); whisper.cpp fixes its width at 4d.
        private mutating func feedForward(_ from: String, as to: String, width d: Int) throws {
            try linear(from + "/linear_0", as: to + ".mlp.0", outputs: 4 * d, inputs: d)
            try linear(from + "/linear_1", as: to + ".mlp.2", outputs: d, inputs: 4 * d)
            try layerNorm(from + "/layer_norm", as: to + ".mlp_ln", width: d)
        }

        private mutating func linear(_ from: String, as to: String, outputs: Int, inputs: Int) throws {
            try take(from + "/weight", shape: [outputs, inputs], as: to + ".weight")
            try take(from + "/bias", shape: [outputs], as: to + ".bias")
        }

        private mutating func layerNorm(_ from: String, as to: String, width: Int) throws {
            try take(from + "/gamma", shape: [width], as: to + ".weight")
            try take(from + "/beta", shape: [width], as: to + ".bias")
        }

        @discardableResult
        private mutating func take(_ source: String, shape: [Int], as name: String, storedAs storedShape: [Int]? = nil) throws
            -> CTranslate2ModelFile.Variable
        {
            let variable = try use(source, shape: shape)
            tensors.append(
                Tensor(name: name, shape: storedShape ?? shape, source: .variable(variable, elements: 0..<variable.elementCount)))
            return variable
        }

        /// Cuts a fused variable along its first dimension into equal parts; a nil name drops its part.
        private mutating func split(_ source: String, shape: [Int], into names: [String?]) throws {
            let variable = try use(source, shape: shape)
            let partShape = [shape[0] / names.count] + shape.dropFirst()
            let partCount = partShape.reduce(1, *)
            for (index, name) in names.enumerated() {
                guard let name else { continue }
                tensors.append(
                    Tensor(
                        name: name, shape: partShape,
                        source: .variable(variable, elements: (index * partCount)..<((index + 1) * partCount))))
            }
        }

        private mutating func use(_ source: String, shape: [Int]) throws -> CTranslate2ModelFile.Variable {
            let variable = try model.variable(source)
            guard variable.shape == shape else {
                throw WhisperModelConversionProblem.unexpectedShape(variable: source, expected: shape, actual: variable.shape)
            }
            guard [.float32, .float16, .bfloat16].contains(variable.dataType) else {
                throw WhisperModelConversionProblem.unsupportedDataType(variable: source, dataType: "\(variable.dataType)")
            }
            used.insert(variable.name)
            return variable
        }
    }
}
